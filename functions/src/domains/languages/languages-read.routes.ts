import { z } from "zod";
import { I18N_NAMESPACES, SUPPORTED_LANGUAGES, ZLanguageCode } from "../../contract/languages";
import { sendJsonText } from "../../platform/http/compress";
import { type AnyRoute, route } from "../../platform/http/route";
import { processedTranslations } from "./translations";

/** The languages the portal offers and their texts as i18next reads them. */
export const languagesReadRoutes: AnyRoute[] = [
  // GET /api/i18n/languages
  route({
    method: "GET",
    path: "/api/i18n/languages",
    access: "public",
    summary: "Languages the portal offers",
    handler: () => SUPPORTED_LANGUAGES,
  }),
  // GET /api/i18n/processed/:lng/:ns
  route({
    method: "GET",
    path: "/api/i18n/processed/:lng/:ns",
    access: "public",
    summary: "i18next resources built from the translations collection",
    params: z.object({ lng: ZLanguageCode, ns: z.enum(I18N_NAMESPACES) }),
    handler: async ({ params, req, res }) => {
      // no-cache: an admin's saved texts show on every next page load, without a redeploy.
      // Built once per change of the texts (a listener keeps them); Express answers a repeated
      // ETag with 304.
      const { json, gzipped } = await processedTranslations(params.lng);
      res.setHeader("cache-control", "no-cache");
      sendJsonText(req, res, json, gzipped);
    },
  }),
];
