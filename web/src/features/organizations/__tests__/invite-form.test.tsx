import { fireEvent, screen, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { answerAt, apiError, fakeFetch } from "@/testing/fake-fetch";
import { InviteForm } from "../components/invite-form";

/**
 * The invitation's refusals are the form's own sentences, on the field and in the error summary.
 * They were set as translated text, which the form kit reads as a reason key: both showed "This
 * value is not valid." (found in session 19 while the report form moved onto the kit).
 */
async function submitRefused(status: number) {
  fakeFetch(answerAt("POST", "/api/organizations/members/invite", () => apiError(status)));
  const router = createMemoryRouter([{ path: "/", element: <InviteForm organizationId="org-1" /> }]);
  renderWithAppProviders(fakeAuth("onboarded"), router);
  const texts = i18n.language === "es" ? es : en;
  fireEvent.change(await screen.findByLabelText(texts.Organization.InviteEmail, { exact: false }), {
    target: { value: "neighbour@example.com" },
  });
  fireEvent.click(screen.getByRole("button", { name: texts.Organization.SendInvitation }));
  return texts;
}

/** The GOV.UK error summary, focused once the refusal is in. */
async function errorSummary(): Promise<HTMLElement> {
  await vi.waitFor(() => expect(document.activeElement?.classList.contains("error-summary")).toBe(true));
  return document.activeElement as HTMLElement;
}

describe("invite form refusals", () => {
  it.each(["en", "es"] as const)("too many invitations (429) says so, in %s", async (language) => {
    await i18n.changeLanguage(language);
    const texts = await submitRefused(429);
    const summary = await errorSummary();
    expect(within(summary).getByRole("link").textContent).toBe(
      `${texts.Organization.InviteEmail}: ${texts.Organization.TooManyInvitations}`,
    );
    expect(screen.queryByText(texts.ErrorValidation.Invalid)).toBeNull();
  });

  it("another failure asks to try again later", async () => {
    const texts = await submitRefused(500);
    const summary = await errorSummary();
    expect(within(summary).getByRole("link").textContent).toBe(
      `${texts.Organization.InviteEmail}: ${texts.Util.ErrorTryAgainLater}`,
    );
  });
});
