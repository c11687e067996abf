import { describe, expect, it } from "vitest";
import { useFirestoreEmulator } from "../../data/__tests__/firestore-emulator";
import { saveTranslations } from "../../data/translations";
import { processedTranslations } from "./translations";

useFirestoreEmulator("demo-processed-translations");

const record = (SingularForm: string) => ({
  Id: "es:Header.Login",
  Language: "es" as const,
  Group: "Header",
  LanguageKey: "Login",
  SingularForm,
  PluralForm: null,
  UpdatedBy: "admin-uid",
});

describe("processedTranslations (texts kept in memory by a listener)", () => {
  it("serves an admin's save on the very next read, and one result to concurrent readers", async () => {
    await saveTranslations([record("Entrar"), { ...record("Sign in"), Id: "en:Header.Login", Language: "en" }]);
    const first = await processedTranslations("es");
    expect(first.resources).toEqual({ Header: { Login: "Entrar" } });
    expect(JSON.parse(first.json)).toEqual(first.resources);
    // Cached: readers share the result built once for the current documents.
    const [a, b] = await Promise.all([processedTranslations("es"), processedTranslations("es")]);
    expect(a).toBe(b);

    await saveTranslations([record("Iniciar sesión")]);
    const next = await processedTranslations("es");
    expect(next.resources).toEqual({ Header: { Login: "Iniciar sesión" } });
    expect((await processedTranslations("en")).resources).toEqual({ Header: { Login: "Sign in" } });
  });
});
