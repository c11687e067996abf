import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";

interface NotificationSummary {
  ReadAt: string | null;
}

// GET /api/notifications
/** Unread messages are those with ReadAt null (spec 1 §2.9). No route yet (404) means none. */
export async function getUnreadCount(): Promise<number> {
  try {
    const notifications = await api.get<NotificationSummary[]>("/notifications");
    return Array.isArray(notifications) ? notifications.filter((item) => item.ReadAt === null).length : 0;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 0;
    throw error;
  }
}

export const notificationsQueryKey = ["notifications"] as const;

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationsQueryKey, "unread-count"],
    queryFn: getUnreadCount,
  });

/** 0 until loaded and when loading fails: the badge is a hint, never a blocker. */
export function useUnreadCount(enabled: boolean): number {
  const query = useQuery({ ...unreadCountQueryOptions(), enabled });
  return enabled ? (query.data ?? 0) : 0;
}
