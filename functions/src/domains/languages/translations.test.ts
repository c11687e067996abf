import { describe, expect, it } from "vitest";
import { ZTranslationSave } from "../../contract/catalogue-admin";
import { buildResources } from "./translations";

describe("buildResources", () => {
  it("nests by group and turns plural forms into _one/_other", () => {
    expect(
      buildResources([
        { Group: "Auth", LanguageKey: "InvalidEmail", SingularForm: "Enter a valid email.", PluralForm: null },
        { Group: "", LanguageKey: "success-add", SingularForm: "Added.", PluralForm: undefined },
        {
          Group: "Message",
          LanguageKey: "Unread",
          SingularForm: "{{count}} unread message",
          PluralForm: "{{count}} unread messages",
        },
        { Group: "Nav.Admin", LanguageKey: "Users", SingularForm: "Users", PluralForm: "" },
      ]),
    ).toEqual({
      Auth: { InvalidEmail: "Enter a valid email." },
      "success-add": "Added.",
      Message: { Unread_one: "{{count}} unread message", Unread_other: "{{count}} unread messages" },
      Nav: { Admin: { Users: "Users" } },
    });
  });

  it("never writes through __proto__, constructor or prototype (finding 6)", () => {
    const resources = buildResources([
      { Group: "__proto__", LanguageKey: "polluted", SingularForm: "yes", PluralForm: null },
      { Group: "Auth.constructor", LanguageKey: "polluted", SingularForm: "yes", PluralForm: null },
      { Group: "Auth", LanguageKey: "prototype", SingularForm: "yes", PluralForm: null },
      { Group: "Auth", LanguageKey: "Title", SingularForm: "Sign in", PluralForm: null },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(resources)).toBeNull();
    expect(JSON.parse(JSON.stringify(resources))).toEqual({ Auth: { Title: "Sign in" } });
  });
});

describe("ZTranslationSave", () => {
  const record = (Group: string, LanguageKey: string) => ({
    Id: `es:${Group ? `${Group}.` : ""}${LanguageKey}`,
    Language: "es",
    Group,
    LanguageKey,
    SingularForm: "x",
    PluralForm: null,
  });

  it.each([
    ["__proto__", "polluted"],
    ["Auth.__proto__", "polluted"],
    ["constructor", "x"],
    ["Auth", "prototype"],
    ["", "__proto__"],
  ])("refuses the key segment in %s.%s", (group, key) => {
    expect(ZTranslationSave.safeParse([record(group, key)]).success).toBe(false);
  });

  it("accepts an ordinary key", () => {
    expect(ZTranslationSave.safeParse([record("Auth", "Title")]).success).toBe(true);
  });
});
