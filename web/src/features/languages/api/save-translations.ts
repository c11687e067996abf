import { type TranslationSave, ZTranslationSave } from "@contract/catalogue-admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshServerTranslations } from "@/lib/i18n";

export { ZTranslationSave };

// PUT /api/i18n
export const saveTranslations = (records: TranslationSave) => api.put<{ saved: number }>("/i18n", records);

/** Saves, then shows the new texts in this browser at once (past the processed endpoint's cache). */
export function useSaveTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTranslations,
    onSuccess: async (_result, records) => {
      await queryClient.invalidateQueries({ queryKey: ["i18n", "raw"] });
      await refreshServerTranslations([...new Set(records.map((record) => record.Language))]);
    },
  });
}
