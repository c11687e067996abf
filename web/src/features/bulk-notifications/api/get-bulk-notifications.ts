import type { BulkNotification } from "@contract/bulk-notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/notifications/bulk
export const getBulkNotifications = () => api.get<BulkNotification[]>("/notifications/bulk");

export const bulkNotificationsQueryKey = ["notifications", "bulk"] as const;

/** While a send is under way the list is asked again every 2 s, so the page shows its progress. */
export const bulkNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: bulkNotificationsQueryKey,
    queryFn: getBulkNotifications,
    refetchInterval: (query) => ((query.state.data ?? []).some((item) => item.send.status !== "done") ? 2000 : false),
  });

export function useBulkNotifications() {
  return useQuery(bulkNotificationsQueryOptions());
}
