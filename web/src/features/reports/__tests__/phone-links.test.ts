import { describe, expect, it } from "vitest";
import { noticeParts } from "../phone-links";

describe("a stopper's phone numbers become call links (issue 33)", () => {
  it("links the gas company's line and 911, and keeps the rest as text", () => {
    expect(noticeParts("Call Nicor Gas at 1-888-642-6748. If anyone is in danger, call 911.")).toEqual([
      { text: "Call Nicor Gas at " },
      { phone: "1-888-642-6748", href: "tel:18886426748" },
      { text: ". If anyone is in danger, call " },
      { phone: "911", href: "tel:911" },
      { text: "." },
    ]);
  });

  it("reads the usual ways of writing a number, and not other digits", () => {
    expect(noticeParts("(847) 555-0100")).toEqual([{ phone: "(847) 555-0100", href: "tel:8475550100" }]);
    expect(noticeParts("847.555.0100 or +1 847 555 0101")).toEqual([
      { phone: "847.555.0100", href: "tel:8475550100" },
      { text: " or " },
      { phone: "+1 847 555 0101", href: "tel:+18475550101" },
    ]);
    expect(noticeParts("Open 24 hours, 7 days; case 9110 and 2026")).toEqual([
      { text: "Open 24 hours, 7 days; case 9110 and 2026" },
    ]);
  });
});
