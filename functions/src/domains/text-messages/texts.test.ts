import { describe, expect, it } from "vitest";
import { SMS_HELP_WORDS, SMS_START_WORDS, SMS_STOP_WORDS } from "../../contract/message-preferences";
import { fixedAnswerOf, fixedReply } from "./texts";

describe("answers to 'Is it fixed?' by text", () => {
  it("reads FIXED / NOT FIXED and RESUELTO / NO RESUELTO whatever the case, spaces and punctuation", () => {
    expect(fixedAnswerOf("fixed")).toBe("fixed");
    expect(fixedAnswerOf(" Fixed! ")).toBe("fixed");
    expect(fixedAnswerOf("Not fixed.")).toBe("notFixed");
    expect(fixedAnswerOf("NOT   FIXED")).toBe("notFixed");
    expect(fixedAnswerOf("resuelto")).toBe("fixed");
    expect(fixedAnswerOf("No resuelto.")).toBe("notFixed");
  });

  it("is nothing else: not YES or NO, not a sentence that merely contains the word", () => {
    for (const body of ["YES", "NO", "Y", "fixed it yesterday", "is it fixed?", ""]) {
      expect(fixedAnswerOf(body), body).toBeNull();
    }
  });

  it("shares no word with STOP, START and HELP", () => {
    for (const word of [...SMS_STOP_WORDS, ...SMS_START_WORDS, ...SMS_HELP_WORDS]) {
      expect(fixedAnswerOf(word), word).toBeNull();
    }
  });

  it("replies in the texter's language, English when she is not known, each ending with how to stop texts", () => {
    const link = "https://portal.example/completed_activities";
    const es = fixedReply({ outcome: "answered", answer: "fixed", caseNumber: "0042", link, language: "es" });
    expect(es).toBe(
      "Ciudad de Elgin: Gracias. Anotamos que el caso 0042 quedó resuelto. Responda STOP para no recibir más.",
    );
    const unknown = fixedReply({ outcome: "noQuestion", link, language: null });
    expect(unknown).toMatch(/^City of Elgin: We found no question .* Reply STOP to stop\.$/);
    expect(unknown).toContain(link);
  });
});
