import type { MessagePreferences } from "@contract/message-preferences";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/users/message-preferences
export function getMessagePreferences(): Promise<MessagePreferences> {
  return api.get("/users/message-preferences");
}

export const messagePreferencesQuery = () =>
  queryOptions({ queryKey: ["users", "message-preferences"] as const, queryFn: getMessagePreferences });

export function useMessagePreferences() {
  return useQuery(messagePreferencesQuery());
}
