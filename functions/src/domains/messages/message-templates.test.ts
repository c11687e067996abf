import { describe, expect, it } from "vitest";
import { renderMessage } from "./message-templates";

const closedText = (data: { status: string; follower?: boolean; willAsk?: boolean }, language: "en" | "es") =>
  renderMessage("caseClosed", { caseNumber: "00012345", link: null, ...data }, language, false).content.text;

describe("caseClosed", () => {
  it("tells the resident of a case closed after work that she will be asked 'Is it fixed?'", () => {
    expect(closedText({ status: "Closed", willAsk: true }, "en")).toContain(
      "City staff closed case 00012345 (Closed). In four weeks we will ask you whether the problem is fixed.",
    );
    expect(closedText({ status: "Completed", willAsk: true }, "es")).toContain(
      "En cuatro semanas le preguntaremos si el problema quedó resuelto.",
    );
  });

  it("promises no question for a Cancelled or Rejected case (none is planned), nor to a follower", () => {
    for (const status of ["Cancelled", "Rejected"]) {
      expect(closedText({ status, willAsk: false }, "en")).not.toContain("four weeks");
      expect(closedText({ status, willAsk: false }, "es")).not.toContain("cuatro semanas");
    }
    expect(closedText({ status: "Closed", follower: true, willAsk: true }, "en")).toContain(
      "City staff closed case 00012345 (Closed), which you follow.",
    );
    expect(closedText({ status: "Closed", follower: true, willAsk: true }, "en")).not.toContain("four weeks");
  });
});
