import type { ActivityDetail } from "@contract/activity-detail";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { BusinessInformationForm } from "@/features/account/components/business-information-form";
import { WIZARD_STORAGE_KEY } from "@/features/account/components/wizard-storage";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { expectAlert } from "@/testing/alerts";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { type FakeRoute, fakeFetch, json } from "@/testing/fake-fetch";
import { postFromFrame } from "@/testing/frame-messages";
import { payNowHref } from "../routes/activity-view";
import { Component as LaserficheForm } from "../routes/laserfiche-form";
import { Component as Payment } from "../routes/payment";
import { Component as PaymentLpi } from "../routes/payment-lpi";

/**
 * Spec 2 page items the audit (shared/audits/spec-2-items.md) found untested: /payment's
 * accountType is UTILITY by default, and its amount, penaltyAmount and accountYear are shown, not charged (S1); /paymentLPI shows
 * only its loading state while EnableLPI is off (S14); an LPI case's "Pay now" goes to /paymentLPI
 * (S35); the embedded form's height (K18); the organization step's finish failure (X13).
 */

const ORIGIN = "http://portal.test";
const pathOf = (url: string) => new URL(url, ORIGIN).pathname;

const answer =
  (pathname: string, body: unknown, status = 200): FakeRoute =>
  ({ url }) =>
    pathOf(url) === pathname ? json(body, status) : undefined;

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: path.split("?")[0] as string, element }], { initialEntries: [path] });
  return renderWithAppProviders(fakeAuth("onboarded"), router);
}

describe("/payment's query (spec 2 §2 S1)", () => {
  const lookup: FakeRoute = ({ url }) =>
    pathOf(url) === "/api/naviline/account"
      ? json({
          OutputParms: {
            ErrorCode: "0000",
            AmountDueWithoutPending: 38.98,
            DueDateOfLastBill: "2026-12-20",
            CustomerId: "100007331",
            LocationId: "200004099",
          },
        })
      : undefined;
  const lookups = (fetchMock: ReturnType<typeof fakeFetch>) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), ORIGIN))
      .filter((url) => url.pathname === "/api/naviline/account")
      .map((url) => url.searchParams.get("accountNumber"));

  it.each([
    ["without accountType (UTILITY by default)", "/payment?accountNumber=100007331-200004099"],
    ["with accountType=UTILITY", "/payment?accountNumber=100007331-200004099&accountType=UTILITY"],
  ])("%s opens with the named water account looked up", async (_, path) => {
    const fetchMock = fakeFetch(lookup);
    renderAt(path, <Payment />);
    await screen.findByRole("heading", {
      level: 2,
      name: en.Payment.AccountLabel.replace("{{accountNumber}}", "100007331-200004099"),
    });
    expect(lookups(fetchMock)).toEqual(["100007331-200004099"]);
  });

  // amount, penaltyAmount, accountYear (README "Paying a bill"): shown beside the live amount due, never charged.
  const withLink = "/payment?accountNumber=100007331-200004099&amount=41.00&penaltyAmount=2.50&accountYear=2026";
  const amountField = (texts: typeof en) =>
    screen.getByLabelText(texts.Payment.Amount, { exact: false }) as HTMLInputElement;

  it("shows the link's amount, penalty and year beside the live amount due, and the field starts at the live due", async () => {
    await i18n.changeLanguage("en");
    fakeFetch(lookup);
    renderAt(withLink, <Payment />);
    await screen.findByText(en.Payment.AmountDue.replace("{{amount}}", "$38.98"));
    screen.getByText(
      `${en.Payment.LinkAmountWithPenalty.replace("{{amount}}", "$41.00").replace("{{penalty}}", "$2.50").replace("{{total}}", "$43.50")} ${en.Payment.LinkYear.replace("{{year}}", "2026")}`,
    );
    // $43.50 is not what is due now: the page says the live figure counts.
    screen.getByText(en.Payment.LinkAmountChanged.replace("{{amount}}", "$38.98"));
    expect(amountField(en).value).toBe("38.98");
    screen.getByText(en.Payment.AmountHint.replace("{{minimum}}", "$38.98"));
  });

  it("a link below the amount due lowers neither the field nor its minimum (es)", async () => {
    await i18n.changeLanguage("es");
    try {
      fakeFetch(lookup);
      renderAt("/payment?accountNumber=100007331-200004099&amount=1.00", <Payment />);
      await screen.findByText(es.Payment.LinkAmount.replace("{{amount}}", "$1.00"));
      screen.getByText(es.Payment.LinkAmountChanged.replace("{{amount}}", "$38.98"));
      expect(amountField(es).value).toBe("38.98");
      fireEvent.change(amountField(es), { target: { value: "1.00" } });
      fireEvent.blur(amountField(es));
      await screen.findByText(es.Payment.AmountTooLowText.replace("{{minimum}}", "$38.98"));
      expect((screen.getByRole("button", { name: es.Payment.Next }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("a link that matches the amount due says nothing changed; one naming no amount or a bad one shows nothing", async () => {
    await i18n.changeLanguage("en");
    fakeFetch(lookup);
    const first = renderAt("/payment?accountNumber=100007331-200004099&amount=38.98", <Payment />);
    await screen.findByText(en.Payment.LinkAmount.replace("{{amount}}", "$38.98"));
    expect(screen.queryByText(en.Payment.LinkAmountChanged.replace("{{amount}}", "$38.98"))).toBeNull();
    first.unmount();
    for (const path of [
      "/payment?accountNumber=100007331-200004099&amount=abc",
      "/payment?accountNumber=100007331-200004099&penaltyAmount=2.50&accountYear=2026",
    ]) {
      const view = renderAt(path, <Payment />);
      await screen.findByText(en.Payment.AmountDue.replace("{{amount}}", "$38.98"));
      expect(screen.queryByText(/The notice you followed/)).toBeNull();
      view.unmount();
    }
  });

  it("another account type is not looked up as a water account", async () => {
    const fetchMock = fakeFetch(lookup);
    renderAt("/payment?accountNumber=COE-2026-00042&accountType=PERMIT", <Payment />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => pathOf(String(input)) === "/api/payment/permit-fee")).toBe(true),
    );
    expect(lookups(fetchMock)).toEqual([]);
  });
});

describe("/paymentLPI behind EnableLPI (spec 2 §2 S14)", () => {
  const bill = answer("/api/lpiPayment/a0L000000000001AAA", {
    accountNumber: "LPI-000123",
    amountCents: 1850,
    itemizedBill: [{ applicationNumber: "BP-2026-0042", applicationName: "Fence permit", applicationFeeCents: 1850 }],
    paid: null,
  });
  const flags = (enabled: boolean) => answer("/api/featureflags", [{ name: "EnableLPI", enabled }]);
  const lpiCalls = (fetchMock: ReturnType<typeof fakeFetch>) =>
    fetchMock.mock.calls.filter(([input]) => pathOf(String(input)).startsWith("/api/lpiPayment/"));

  it("while the flag is off only the loading state shows, and the bill is never asked for", async () => {
    const fetchMock = fakeFetch(flags(false), bill);
    renderAt("/paymentLPI?activityId=a0L000000000001AAA", <PaymentLpi />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => pathOf(String(input)) === "/api/featureflags")).toBe(true),
    );
    // Give the page a chance to ask for the bill, as it does at once when the flag is on.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText(en.Payment.Loading)).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
    expect(lpiCalls(fetchMock)).toHaveLength(0);
  });

  it("with the flag on the itemized bill shows", async () => {
    const fetchMock = fakeFetch(flags(true), bill);
    renderAt("/paymentLPI?activityId=a0L000000000001AAA", <PaymentLpi />);
    await screen.findByRole("heading", {
      level: 2,
      name: en.Payment.LpiBillTitle.replace("{{accountNumber}}", "LPI-000123"),
    });
    expect(screen.getByText("BP-2026-0042")).toBeTruthy();
    expect(lpiCalls(fetchMock)).toHaveLength(1);
  });
});

type CaseRef = Pick<ActivityDetail, "id" | "activityType" | "caseNumber">;

describe("an activity's Pay now (spec 2 §2 S35)", () => {
  it("an LPI application's bill is /paymentLPI?activityId=, any other case's fee is /payment with the case number", () => {
    const lpi: CaseRef = { id: "a0L000000000001AAA", activityType: "LPI_Application__c", caseNumber: "LPI-000123" };
    const permit: CaseRef = { id: "a0P000000000001AAA", activityType: "COE_Permit__c", caseNumber: "COE-2026-00042" };
    expect(payNowHref(lpi)).toBe("/paymentLPI?activityId=a0L000000000001AAA");
    expect(payNowHref(permit)).toBe("/payment?accountType=PERMIT&accountNumber=COE-2026-00042");
  });
});

describe("the embedded form's height (spec 2 §9 K18)", () => {
  const FORMS = "http://forms.test";
  const formUrl = answer("/api/laserfiche/formUrl", {
    url: `${FORMS}/form?bpid=1021`,
    origin: FORMS,
    portalSubmissionId: "s-1",
  });
  const frame = () => document.querySelector("iframe.embedded-form__frame") as HTMLIFrameElement;
  const post = (data: Record<string, unknown>, origin = FORMS) =>
    postFromFrame(origin, { source: "city-forms", ...data }, frame().contentWindow);

  it("is 500 px until the form reports, then its content height plus 100 px, and 100% once submitted", async () => {
    fakeFetch(formUrl, answer("/api/laserfiche/submitToPortal", { feeTotal: null }));
    renderAt("/laserfiche/form?formTitle=Block%20Party%20Permit&bpid=1021", <LaserficheForm />);
    await waitFor(() => expect(frame()).toBeTruthy());
    expect(frame().style.height).toBe("500px");
    post({ event: "height", height: 640 }, "http://elsewhere.test");
    expect(frame().style.height).toBe("500px");
    post({ event: "height", height: 640 });
    expect(frame().style.height).toBe("740px");
    post({ event: "submitted", success: true, bpid: "1021", portalSubmissionId: "s-1" });
    expect(frame().style.height).toBe("100%");
    // A height reported after the submit leaves it at 100%.
    post({ event: "height", height: 320 });
    expect(frame().style.height).toBe("100%");
    await screen.findByText(en["form-submitted"]);
  });
});

describe("account creation step 3: finishing fails (spec 2 §8 X13)", () => {
  afterEach(() => window.sessionStorage.clear());

  it.each([
    ["en", en],
    ["es", es],
  ] as const)("says Util.ErrorTryAgainLater and stays on the step (%s)", async (language, texts) => {
    await i18n.changeLanguage(language);
    window.sessionStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ organizations: [{ name: "Fox River Bakery", sfId: "001000000000001AAA", taxId: "" }] }),
    );
    fakeFetch(
      answer(
        "/api/salesforce/matchOrCreateOrgsToSalesforceOrgs",
        { error: { code: "unavailable", message: "The CRM is unavailable." } },
        503,
      ),
    );
    const finished: unknown[] = [];
    renderAt("/", <BusinessInformationForm purpose="wizard" onFinished={(list) => void finished.push(list)} />);
    fireEvent.click(await screen.findByRole("button", { name: texts.Account.Wizard.Finish }));
    await expectAlert(texts.Util.ErrorTryAgainLater);
    expect(finished).toEqual([]);
    expect(screen.getByText("Fox River Bakery", { exact: false })).toBeTruthy();
  });

  it("the spec's sentence", () => {
    expect(en.Util.ErrorTryAgainLater).toBe("Something went wrong. Please try again later.");
    expect(es.Util.ErrorTryAgainLater).toBe("Algo salió mal. Inténtelo de nuevo más tarde.");
  });
});
