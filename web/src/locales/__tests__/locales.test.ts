import { describe, expect, it } from "vitest";
import en from "../en.json";
import enText from "../en.json?raw";
import es from "../es.json";
import esText from "../es.json?raw";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const english = flatten(en);
const spanish = flatten(es);

/** Keys written twice in one object of a locale file's text (JSON.parse keeps only the last). */
function duplicateKeys(text: string): string[] {
  const seen: Set<string>[] = [];
  const path: string[] = [];
  const found: string[] = [];
  let pendingKey = "";
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"\s*(:)?|[{}]/g)) {
    if (match[0] === "{") {
      seen.push(new Set());
      path.push(pendingKey);
    } else if (match[0] === "}") {
      seen.pop();
      path.pop();
    } else if (match[2]) {
      const key = match[1] as string;
      const level = seen[seen.length - 1] as Set<string>;
      if (level.has(key)) found.push([...path.slice(1), key].join("."));
      level.add(key);
      pendingKey = key;
    }
  }
  return found;
}

describe("bundled translations", () => {
  it("write no key twice in one object (the second NoEmail hid the first in UsersAdmin)", () => {
    expect(duplicateKeys(enText)).toEqual([]);
    expect(duplicateKeys(esText)).toEqual([]);
  });

  it("have the same keys in English and Spanish", () => {
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
  });

  it.each([
    "Auth.InvalidEmailOrPassword",
    "Auth.InvalidEmail",
    "Auth.EmailAlreadyInUse",
    "Util.FormContainsErrors",
    "Util.ErrorTryAgainLater",
    "Util.NoFolderFound",
    "Box.NoFolderForActivity",
    "Message.LoadMessagesError",
    "Message.DeleteMessageError",
    "Activity.NoRecentActivities",
    "Activity.NoActivities",
    "Dashboard.PaymentHistoryError",
    "success-add",
    "success-remove",
    "success-update",
    "error-add",
    "error-remove",
    "error-update",
    "success-delete-account",
    "success-submit-case",
    "check-your-email",
    "activity-cancelled",
    "additional-information-submitted",
    "form-submitted",
    "account-deleted",
    "error-sf-account-exists",
    "naviline-account-mismatch",
    "error-contact-support",
    "Form.Required",
  ])("defines the spec key %s with a real sentence in both languages", (key) => {
    expect(english[key]).toMatch(/\w{3,}/);
    expect(spanish[key]).toMatch(/\w{3,}/);
  });

  it("interpolates the case number", () => {
    expect(english["success-submit-case"]).toContain("{{caseNumber}}");
    expect(spanish["success-submit-case"]).toContain("{{caseNumber}}");
  });

  it("writes plurals as key_one / key_other", () => {
    expect(english["Header.UnreadMessages_one"]).toContain("{{count}}");
    expect(spanish["Header.UnreadMessages_other"]).toContain("{{count}}");
  });
});
