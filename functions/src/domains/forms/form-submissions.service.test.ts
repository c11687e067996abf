import { describe, expect, it } from "vitest";
import { submissionDescription } from "./form-submissions.service";

describe("submissionDescription", () => {
  const base = { portalSubmissionId: "6a1f", bpid: "1021" };

  it("names the submission and lists each non-empty answer, then the fee", () => {
    const text = submissionDescription({
      ...base,
      form: {
        processName: "Block Party Permit",
        feeTotalCents: 7500,
        fields: { firstName: "Maria", notes: "", blockFrom: "Chicago St" },
      },
    });
    expect(text.split("\n")).toEqual([
      "Online form submission 6a1f (process 1021)",
      "firstName: Maria",
      "blockFrom: Chicago St",
      "Fee: $75.00",
    ]);
  });

  it("is the heading alone while the forms service has not answered", () => {
    expect(submissionDescription({ ...base, form: null })).toBe("Online form submission 6a1f (process 1021)");
  });

  it("stays within the CRM's 32,000-character long text", () => {
    const text = submissionDescription({
      ...base,
      form: { processName: "", feeTotalCents: 0, fields: { story: "x".repeat(40_000) } },
    });
    expect(text.length).toBe(32_000);
  });
});
