import i18next from "i18next";

/** A `t` for Spanish with these texts (English empty, the fallback): for unit tests of names shown translated. */
export async function spanishTranslator(texts: Record<string, unknown>) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: "es",
    fallbackLng: "en",
    resources: { es: { translation: texts }, en: { translation: {} } },
  });
  return instance.t;
}
