import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface UpdateLanguageInput {
  Language: string;
}

// PUT /api/users
/** Saves an explicit dropdown choice on the user (spec 1 §7: forceUpdateLanguage). */
export function updateLanguage({ Language }: UpdateLanguageInput): Promise<unknown> {
  return api.put("/users", { Language, isLanguageOverwrittenByDropdown: true, forceUpdateLanguage: true });
}

/** Failures are swallowed: the choice is already applied and stored in this browser. */
export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage, onError: () => undefined });
}
