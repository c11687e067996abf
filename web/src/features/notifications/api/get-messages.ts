import type { PortalMessage } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationsQueryKey } from "./get-unread-count";

// GET /api/notifications
export const getMessages = () => api.get<PortalMessage[]>("/notifications");

export const messagesQueryOptions = () =>
  queryOptions({ queryKey: [...notificationsQueryKey, "list"], queryFn: getMessages });

export const useMessages = () => useQuery(messagesQueryOptions());
