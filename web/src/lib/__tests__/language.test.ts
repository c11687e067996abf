import { describe, expect, it } from "vitest";
import { chooseLanguage, type LanguageInputs, readStoredLanguageChoice, storeLanguageChoice } from "../language";

const base: LanguageInputs = {
  isAuthenticated: false,
  user: null,
  stored: { language: null, isLanguageOverwrittenByDropdown: false },
  browserLanguage: "en-US",
  supported: ["en", "es"],
};
const explicitStored = (language: string) => ({ language, isLanguageOverwrittenByDropdown: true });
const user = (Language: string | null, isLanguageOverwrittenByDropdown: boolean) => ({
  Language,
  isLanguageOverwrittenByDropdown,
});

describe("language initialization (spec 1 §4)", () => {
  it.each<[string, Partial<LanguageInputs>, string]>([
    // Signed in
    [
      "signed in: explicit stored choice wins",
      { isAuthenticated: true, stored: explicitStored("es"), user: user("en", true) },
      "es",
    ],
    [
      "signed in: stored choice not set by the dropdown is ignored",
      { isAuthenticated: true, stored: { language: "es", isLanguageOverwrittenByDropdown: false } },
      "en",
    ],
    [
      "signed in: unsupported stored choice falls to the DB",
      { isAuthenticated: true, stored: explicitStored("fr"), user: user("es", true) },
      "es",
    ],
    ["signed in: DB preference when marked explicit", { isAuthenticated: true, user: user("es", true) }, "es"],
    [
      "signed in: DB preference not marked explicit is ignored",
      { isAuthenticated: true, user: user("es", false), browserLanguage: "en-GB" },
      "en",
    ],
    [
      "signed in: browser language first part",
      { isAuthenticated: true, user: user(null, false), browserLanguage: "es-MX" },
      "es",
    ],
    [
      "signed in: unsupported browser language gives en",
      { isAuthenticated: true, user: user(null, false), browserLanguage: "de-DE" },
      "en",
    ],
    [
      "signed in: unsupported DB language goes on to the browser",
      { isAuthenticated: true, user: user("pl", true), browserLanguage: "es" },
      "es",
    ],
    // Signed out
    ["signed out: explicit stored choice", { stored: explicitStored("es"), browserLanguage: "en-US" }, "es"],
    ["signed out: the user's DB preference does not apply", { user: user("es", true) }, "en"],
    ["signed out: browser language", { browserLanguage: "es-419" }, "es"],
    ["signed out: upper-case browser tag", { browserLanguage: "ES-us" }, "es"],
    ["signed out: no browser language gives en", { browserLanguage: undefined }, "en"],
    ["signed out: unsupported browser language gives en", { browserLanguage: "zh-CN" }, "en"],
    ["server offers only English: stored es is not applied", { stored: explicitStored("es"), supported: ["en"] }, "en"],
  ])("%s", (_name, overrides, expected) => {
    expect(chooseLanguage({ ...base, ...overrides })).toBe(expected);
  });

  it("stores the dropdown choice under the spec's keys", () => {
    storeLanguageChoice("es");
    expect(window.localStorage.getItem("language")).toBe("es");
    expect(window.localStorage.getItem("isLanguageOverwrittenByDropdown")).toBe("true");
    expect(readStoredLanguageChoice()).toEqual({ language: "es", isLanguageOverwrittenByDropdown: true });
  });
});
