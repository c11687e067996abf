import { describe, expect, it } from "vitest";
import { translationId, ZFeatureFlagToggle, ZSubmitToPortal, ZTranslationSave } from "./catalogue-admin";

const record = {
  Id: "es:Activity.Item.abc",
  Language: "es",
  Group: "Activity.Item",
  LanguageKey: "abc",
  SingularForm: "Pagar una multa",
  PluralForm: null,
};

describe("translation save (spec 1 §5)", () => {
  it("accepts an edited record and a new key", () => {
    expect(
      ZTranslationSave.safeParse([record, { ...record, Id: "es:Nuevo", Group: "", LanguageKey: "Nuevo" }]).success,
    ).toBe(true);
  });

  it.each([
    ["SingularForm empty", { SingularForm: "" }, "SingularForm", "Required"],
    ["SingularForm blank after trimming", { SingularForm: "   " }, "SingularForm", "Required"],
    ["LanguageKey blank", { LanguageKey: " ", Id: "es:Activity.Item." }, "LanguageKey", "Required"],
    ["Id of another key", { Id: "es:Header.Login" }, "Id", "Invalid"],
    ["Id of another language", { Id: "en:Activity.Item.abc" }, "Id", "Invalid"],
    ["unknown language", { Language: "fr", Id: "fr:Activity.Item.abc" }, "Language", undefined],
  ])("refuses %s", (_name, change, field, message) => {
    const result = ZTranslationSave.safeParse([{ ...record, ...change }]);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((candidate) => candidate.path[1] === field);
    expect(issue).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
  });

  it("keeps the plural form optional", () => {
    expect(ZTranslationSave.safeParse([{ ...record, PluralForm: undefined }]).success).toBe(true);
    expect(ZTranslationSave.safeParse([{ ...record, PluralForm: "Pagar multas" }]).success).toBe(true);
  });

  it("refuses an empty save", () => {
    expect(ZTranslationSave.safeParse([]).success).toBe(false);
  });

  it("derives the id from language, group and key", () => {
    expect(translationId({ Language: "en", Group: "", LanguageKey: "Hello" })).toBe("en:Hello");
    expect(translationId({ Language: "es", Group: "A.B", LanguageKey: "C" })).toBe("es:A.B.C");
  });
});

describe("feature flag toggle and form submission", () => {
  it("needs a boolean enabled and nothing else", () => {
    expect(ZFeatureFlagToggle.safeParse({ enabled: true }).success).toBe(true);
    expect(ZFeatureFlagToggle.safeParse({ enabled: "true" }).success).toBe(false);
    expect(ZFeatureFlagToggle.safeParse({ enabled: true, name: "x" }).success).toBe(false);
  });

  it("needs both the submission id and the process id", () => {
    expect(ZSubmitToPortal.safeParse({ portalSubmissionId: "s-1", bpid: "12" }).success).toBe(true);
    expect(ZSubmitToPortal.safeParse({ portalSubmissionId: " ", bpid: "12" }).success).toBe(false);
    expect(ZSubmitToPortal.safeParse({ portalSubmissionId: "s-1" }).success).toBe(false);
  });
});
