import type { PublicReportCase } from "@contract/reports";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { answerAt, callsTo, fakeFetch, json } from "@/testing/fake-fetch";
import { ReportCasePage } from "../components/report-case-page";
import { ReportPhotos } from "../components/report-photos";
import { rememberFollowAfterSignIn } from "../follow-after-sign-in";

/**
 * A report's public page (issue 33) for a signed-out visitor: the public facts, and a Follow that sends
 * her to sign in (nothing is followed yet); back on the page signed in, the page follows the case once.
 * Its photos and the nearby list's are one component (same markup and alt texts).
 */
const CASE_ID = "500000000000009AAA";
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replace(`{{${key}}}`, String(value)), text);

const shown = (overrides: Partial<PublicReportCase> = {}): PublicReportCase => ({
  caseId: CASE_ID,
  caseNumber: "00010299",
  type: "streetlight",
  status: "New",
  closed: false,
  address: "70 Grove Ave",
  photos: [`/api/reports/${CASE_ID}/photos/0`, `/api/reports/${CASE_ID}/photos/1`],
  reporters: 1,
  following: false,
  mine: false,
  ...overrides,
});

function renderPage(stage: "anonymous" | "onboarded", onSignInToFollow = vi.fn()) {
  const router = createMemoryRouter(
    [{ path: "/reports/:caseId", element: <ReportCasePage caseId={CASE_ID} onSignInToFollow={onSignInToFollow} /> }],
    { initialEntries: [`/reports/${CASE_ID}`] },
  );
  renderWithAppProviders(fakeAuth(stage), router);
  return onSignInToFollow;
}

describe("a report's public page, signed out and back", () => {
  beforeEach(() => window.sessionStorage.clear());
  afterEach(() => i18n.changeLanguage("en"));

  it.each([
    ["en", en],
    ["es", es],
  ] as const)(
    "signed out (%s): the public facts and photos, and Follow asks her to sign in, following nothing yet",
    async (language, texts) => {
      await i18n.changeLanguage(language);
      const fetchMock = fakeFetch(answerAt("GET", `/api/reports/${CASE_ID}`, () => json(shown())));
      const onSignInToFollow = renderPage("anonymous");
      expect((await screen.findByText(texts.Report.Case.SignInToFollow)).getAttribute("role")).toBe("status");
      const photos = screen.getByRole("list", { name: texts.Report.Case.Photos });
      expect(
        within(photos)
          .getAllByRole("img")
          .map((image) => image.getAttribute("alt")),
      ).toEqual([
        fill(texts.Report.NearbyPhoto, { number: 1, caseNumber: "00010299" }),
        fill(texts.Report.NearbyPhoto, { number: 2, caseNumber: "00010299" }),
      ]);
      expect(screen.queryByRole("link", { name: texts.Report.Case.ToMessages })).toBeNull();

      await userEvent.click(screen.getByRole("button", { name: texts.Report.Case.Follow }));
      expect(onSignInToFollow).toHaveBeenCalledTimes(1);
      expect(window.sessionStorage.getItem("reportFollowAfterSignIn")).toBe(CASE_ID);
      expect(callsTo(fetchMock, "POST", `/api/reports/${CASE_ID}/me-too`)).toHaveLength(0);
    },
  );

  it("signed in after pressing Follow: the page follows the case once and says so", async () => {
    rememberFollowAfterSignIn(CASE_ID);
    const fetchMock = fakeFetch(
      answerAt("GET", `/api/reports/${CASE_ID}`, () => json(shown())),
      answerAt("POST", `/api/reports/${CASE_ID}/me-too`, () =>
        json({ caseId: CASE_ID, caseNumber: "00010299", reporters: 2 }),
      ),
    );
    renderPage("onboarded");
    const said = await screen.findByText(fill(en.Report.Case.NowFollowing, { caseNumber: "00010299" }));
    expect(said.getAttribute("role")).toBe("status");
    screen.getByRole("button", { name: en.Report.Case.Unfollow });
    expect(callsTo(fetchMock, "POST", `/api/reports/${CASE_ID}/me-too`)).toHaveLength(1);
    expect(window.sessionStorage.getItem("reportFollowAfterSignIn")).toBeNull();
  });

  it("signed in with no Follow pressed before (or for another case): nothing is followed", async () => {
    rememberFollowAfterSignIn("500000000000001AAA");
    const fetchMock = fakeFetch(answerAt("GET", `/api/reports/${CASE_ID}`, () => json(shown())));
    renderPage("onboarded");
    expect((await screen.findByText(en.Report.Case.NotFollowing)).getAttribute("role")).toBe("status");
    expect(callsTo(fetchMock, "POST", `/api/reports/${CASE_ID}/me-too`)).toHaveLength(0);
    expect(window.sessionStorage.getItem("reportFollowAfterSignIn")).toBe("500000000000001AAA");
  });

  it("the nearby list's photos are the same images inline, in a span", () => {
    const { container } = render(<ReportPhotos photos={["/p/0", "/p/1"]} caseNumber="00010299" layout="inline" />);
    const span = container.firstElementChild;
    expect(span?.tagName).toBe("SPAN");
    expect(span?.className).toBe("report-nearby__photos");
    expect([...(span?.children ?? [])].map((image) => [image.tagName, image.getAttribute("alt")])).toEqual([
      ["IMG", "Photo 1 of case 00010299"],
      ["IMG", "Photo 2 of case 00010299"],
    ]);
    expect(render(<ReportPhotos photos={[]} caseNumber="00010299" layout="list" />).container.innerHTML).toBe("");
  });
});
