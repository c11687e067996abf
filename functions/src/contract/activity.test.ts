import { describe, expect, it } from "vitest";
import { activityCreateSchema, activityUpdateSchema, stopperOf } from "./activity";

const base = {
  item: "Pay a parking ticket",
  type: "CONTENT",
  action: "PAY_FOR",
  order: 0,
  description: "Pay online.",
  content: "Details.",
};

/** The first message per field of a failed parse, as the API answers it. */
function fieldErrors(result: ReturnType<ReturnType<typeof activityCreateSchema>["safeParse"]>): Record<string, string> {
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".")] ??= issue.message;
  return fields;
}

describe("activity create schema (spec 1 §5)", () => {
  const cases: [string, Record<string, unknown>, boolean, Record<string, string>][] = [
    ["a complete CONTENT service", {}, false, {}],
    ["name missing", { item: undefined }, false, { item: "Required" }],
    ["name blank after trimming", { item: "   " }, false, { item: "Required" }],
    ["type missing", { type: undefined }, false, { type: "Required" }],
    ["type unknown", { type: "FAX" }, false, { type: "Required" }],
    ["action missing", { action: undefined }, false, { action: "Required" }],
    ["order empty", { order: undefined }, false, { order: "Required" }],
    ["order not a number (empty input)", { order: Number.NaN }, false, { order: "Required" }],
    ["order below 0", { order: -1 }, false, { order: "Invalid" }],
    ["order 0 is fine", { order: 0 }, false, {}],
    ["popular order below 0", { popularServiceOrder: -1 }, false, { popularServiceOrder: "Invalid" }],
    ["description missing with popular services off", { description: "" }, false, { description: "Required" }],
    ["description missing with popular services on", { description: "" }, true, {}],
    ["Calendly link not a URL", { calendlyLink: "calendly" }, false, { calendlyLink: "Invalid" }],
    ["Calendly link javascript:", { calendlyLink: "javascript:alert(1)" }, false, { calendlyLink: "Invalid" }],
    ["Calendly link valid", { calendlyLink: "https://calendly.com/city/meeting" }, false, {}],
    ["CONTENT without content", { content: " " }, false, { content: "Required" }],
    [
      "LASERFICHE_FORM without object and process",
      { type: "LASERFICHE_FORM", content: null },
      false,
      { salesforceObjectId: "Required", laserficheProcessId: "Required" },
    ],
    [
      "LASERFICHE_FORM with an object outside the options",
      { type: "LASERFICHE_FORM", salesforceObjectId: "Account", laserficheProcessId: "12" },
      false,
      { salesforceObjectId: "Invalid" },
    ],
    ...(["Test", "Case", "COE_Permit__c", "Zoning_Inquiry__c"] as const).map(
      (object): [string, Record<string, unknown>, boolean, Record<string, string>] => [
        `LASERFICHE_FORM creating ${object}`,
        { type: "LASERFICHE_FORM", salesforceObjectId: object, laserficheProcessId: "12" },
        false,
        {},
      ],
    ),
    ["EXTERNAL_LINK without URL", { type: "EXTERNAL_LINK" }, false, { externalLink: "Required" }],
    [
      "EXTERNAL_LINK with a bad URL",
      { type: "EXTERNAL_LINK", externalLink: "not a url" },
      false,
      { externalLink: "Invalid" },
    ],
    ["EXTERNAL_LINK with a URL", { type: "EXTERNAL_LINK", externalLink: "https://www.example.gov/pay" }, false, {}],
    ["CUSTOM_FORM needs nothing more", { type: "CUSTOM_FORM", content: null }, false, {}],
    // Issue 33, stoppers: a REPORT service's notice, in both languages or not at all.
    [
      "a REPORT service with a stopper in both languages",
      { action: "REPORT", stopperEn: "Call 911.", stopperEs: "Llame al 911." },
      false,
      {},
    ],
    ["a stopper in English only", { action: "REPORT", stopperEn: "Call 911." }, false, { stopperEs: "Required" }],
    [
      "a stopper in Spanish only (English blank)",
      { action: "REPORT", stopperEn: "  ", stopperEs: "Llame al 911." },
      false,
      { stopperEn: "Required" },
    ],
    [
      "a stopper on a service that is not a report",
      { stopperEn: "Call 911.", stopperEs: "Llame al 911." },
      false,
      { stopperEn: "Invalid", stopperEs: "Invalid" },
    ],
    [
      "a stopper longer than 1000 characters",
      { action: "REPORT", stopperEn: "x".repeat(1001), stopperEs: "Llame al 911." },
      false,
      { stopperEn: "Invalid" },
    ],
  ];

  it.each(cases)("%s", (_name, change, popularOn, expected) => {
    const result = activityCreateSchema(popularOn).safeParse({ ...base, ...change });
    expect(fieldErrors(result)).toEqual(expected);
    expect(result.success).toBe(Object.keys(expected).length === 0);
  });

  it("defaults the flags and order and trims texts", () => {
    const result = activityCreateSchema(false).parse({ ...base, item: "  Pay a ticket  ", order: 3 });
    expect(result).toMatchObject({
      item: "Pay a ticket",
      order: 3,
      published: false,
      popularServiceOrder: 0,
      guestEnabled: false,
    });
  });

  it("the update schema adds deleted and toggleInAppBrowser with the same rules", () => {
    expect(activityUpdateSchema(false).parse({ ...base, toggleInAppBrowser: true })).toMatchObject({
      deleted: false,
      toggleInAppBrowser: true,
    });
    expect(activityUpdateSchema(false).safeParse({ ...base, order: -2 }).success).toBe(false);
  });
});

describe("a report service's stopper (issue 33)", () => {
  it("is stored only with both texts on a REPORT service, trimmed; empty texts clear it", () => {
    const parse = (change: Record<string, unknown>) =>
      stopperOf(activityUpdateSchema(false).parse({ ...base, action: "REPORT", ...change }));
    expect(parse({ stopperEn: " Call 911. ", stopperEs: "Llame al 911." })).toEqual({
      en: "Call 911.",
      es: "Llame al 911.",
    });
    expect(parse({ stopperEn: "", stopperEs: " " })).toBeNull();
    expect(parse({})).toBeNull();
  });
});
