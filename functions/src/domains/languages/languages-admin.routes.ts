// PUT /api/i18n
// GET /api/i18n/raw/:lang/:ns
import { z } from "zod";
import { translationId, ZTranslationSave } from "../../contract/catalogue-admin";
import { I18N_NAMESPACES, type Translation, ZLanguageCode } from "../../contract/languages";
import { saveTranslations, translationsOf } from "../../data/translations";
import { route } from "../../platform/http/route";

/** Translation administration (spec 1 §2.11). */
export const languagesAdminRoutes = [
  route({
    method: "GET",
    path: "/api/i18n/raw/:lang/:ns",
    access: "admin",
    summary: "Raw translation records of one language, for the translation editor",
    params: z.object({ lang: ZLanguageCode, ns: z.enum(I18N_NAMESPACES) }),
    example: { params: { lang: "es", ns: "translation" } },
    handler: async ({ params }): Promise<Translation[]> => {
      const records = await translationsOf(params.lang);
      return records
        .map(({ id, data }) => ({
          Id: id,
          Language: data.Language as Translation["Language"],
          Group: data.Group ?? "",
          LanguageKey: data.LanguageKey,
          SingularForm: data.SingularForm,
          PluralForm: data.PluralForm ?? null,
        }))
        .sort((a, b) => a.Group.localeCompare(b.Group) || a.LanguageKey.localeCompare(b.LanguageKey));
    },
  }),
  route({
    method: "PUT",
    path: "/api/i18n",
    access: "admin",
    summary: "Saves edited or new translation records; the processed texts change at once",
    body: ZTranslationSave,
    example: {
      body: [
        {
          Id: "es:AccessMatrix.Example",
          Language: "es",
          Group: "AccessMatrix",
          LanguageKey: "Example",
          SingularForm: "Ejemplo",
          PluralForm: null,
        },
      ],
    },
    audit: {
      action: "translations.update",
      subject: ({ body }) => [...new Set((body as { Language: string }[]).map((record) => record.Language))].join(","),
      // The records this save replaces, as they were.
      before: async ({ body }) => {
        const saved = body as { Language: string; Group: string; LanguageKey: string }[];
        const ids = new Set(saved.map((record) => translationId(record)));
        const languages = [...new Set(saved.map((record) => record.Language))];
        const stored = (await Promise.all(languages.map((language) => translationsOf(language)))).flat();
        return stored
          .filter(({ id }) => ids.has(id))
          .map(({ id, data }) => ({ Id: id, SingularForm: data.SingularForm, PluralForm: data.PluralForm ?? null }));
      },
    },
    handler: async ({ body, user }): Promise<{ saved: number }> => {
      await saveTranslations(
        body.map((record) => ({
          Id: translationId(record),
          Language: record.Language,
          Group: record.Group,
          LanguageKey: record.LanguageKey,
          SingularForm: record.SingularForm.trim(),
          PluralForm: record.PluralForm?.trim() ? record.PluralForm.trim() : null,
          UpdatedBy: user?.uid ?? null,
        })),
      );
      return { saved: body.length };
    },
  }),
];
