import {
  type MessagePreferences,
  type PhoneCodeInput,
  type PhoneToConfirmInput,
  ZPhoneCodeInput,
  ZPhoneToConfirmInput,
} from "@contract/message-preferences";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { messagePreferencesQuery } from "./get-message-preferences";

export { ZPhoneCodeInput, ZPhoneToConfirmInput };

// POST /api/users/message-preferences/phone
export function sendPhoneCode(input: PhoneToConfirmInput): Promise<MessagePreferences> {
  return api.post("/users/message-preferences/phone", { phone: input.phone });
}

// POST /api/users/message-preferences/phone/confirm
export function confirmPhone(input: PhoneCodeInput): Promise<MessagePreferences> {
  return api.post("/users/message-preferences/phone/confirm", input);
}

// DELETE /api/users/message-preferences/phone
export function removePhone(): Promise<MessagePreferences> {
  return api.delete("/users/message-preferences/phone");
}

/** Each phone step answers every preference: the answer replaces the query's data. */
function usePhoneMutation<I>(mutationFn: (input: I) => Promise<MessagePreferences>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (prefs) => queryClient.setQueryData(messagePreferencesQuery().queryKey, prefs),
  });
}

export const useSendPhoneCode = () => usePhoneMutation(sendPhoneCode);
export const useConfirmPhone = () => usePhoneMutation(confirmPhone);
export const useRemovePhone = () => usePhoneMutation((_: undefined) => removePhone());
