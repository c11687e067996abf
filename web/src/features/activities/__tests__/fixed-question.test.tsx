import type { FixedAnswerResult } from "@contract/case-updates";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { answerAt, fakeFetch, json } from "@/testing/fake-fetch";
import { FixedQuestionSection } from "../components/fixed-question-form";

/**
 * "Is it fixed?" on the case page: her "no" while the CRM is down is kept (the outbox reopens the case
 * once it answers, `reopened: false`), and she is told the case will be reopened, not that it was; when
 * the CRM took it at once, that it is reopened. In English and in Spanish.
 */
const CASE_ID = "500000000000009AAA";

async function answerNo(result: FixedAnswerResult) {
  fakeFetch(answerAt("POST", `/api/salesforce/activity/Case/${CASE_ID}/fixed`, () => json(result)));
  const router = createMemoryRouter(
    [{ path: "/", element: <FixedQuestionSection caseId={CASE_ID} question={{ answer: null }} /> }],
    { initialEntries: ["/"] },
  );
  renderWithAppProviders(fakeAuth("onboarded"), router);
}

describe("'Is it fixed?' answered 'no' on the case page", () => {
  afterEach(() => i18n.changeLanguage("en"));

  it.each([
    ["en", false],
    ["es", false],
    ["en", true],
    ["es", true],
  ] as const)("%s, reopened at once: %s", async (language, reopened) => {
    const texts = language === "es" ? es : en;
    const said = reopened ? texts.Activity.Fixed.Reopened : texts.Activity.Fixed.ReopenQueued;
    await i18n.changeLanguage(language);
    await answerNo({ answer: "notFixed", reopened });
    await userEvent.click(await screen.findByRole("radio", { name: texts.Activity.Fixed.No }));
    await userEvent.click(screen.getByRole("button", { name: texts.Activity.Fixed.Send }));
    expect(await screen.findByText(said)).toBeTruthy();
    expect(screen.queryByText(texts.Activity.Fixed.Failed)).toBeNull();
  });
});
