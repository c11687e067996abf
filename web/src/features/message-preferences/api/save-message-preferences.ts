import {
  type MessagePreferences,
  type MessagePreferencesInput,
  ZMessagePreferencesInput,
} from "@contract/message-preferences";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messagePreferencesQuery } from "./get-message-preferences";

export { ZMessagePreferencesInput };

// PUT /api/users/message-preferences
export function saveMessagePreferences(input: MessagePreferencesInput): Promise<MessagePreferences> {
  return api.put("/users/message-preferences", input);
}

export function useSaveMessagePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessagePreferences,
    onSuccess: (prefs) => queryClient.setQueryData(messagePreferencesQuery().queryKey, prefs),
  });
}
