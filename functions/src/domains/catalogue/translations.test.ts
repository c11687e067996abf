import { describe, expect, it } from "vitest";
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
});
