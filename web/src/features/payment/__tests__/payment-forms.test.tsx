import type { AccountLookupAnswer, LicenseFeeAnswer, PaymentResult } from "@contract/payment";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { expectAlert } from "@/testing/alerts";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { answerAt, apiError, fakeFetch, json } from "@/testing/fake-fetch";
import { postFromFrame } from "@/testing/frame-messages";
import { CoreBillPay } from "../components/core-bill-pay";
import { GuestPayment } from "../components/guest-payment";
import { LicenseRenewalForm } from "../components/license-renewal";

/**
 * Spec 2 payment pages, the items the audit (shared/audits/spec-2-items.md) found untested: the
 * guest's negative balance (V2), the licence renewal's year, no-fees and failure alerts (V9, V10,
 * V11, X11) and the CORE frame's height and events on /payment (S7, S8, S10, T3). Texts are read
 * from the English and Spanish resources.
 */

function render(element: ReactNode, stage: "anonymous" | "onboarded" = "anonymous") {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderWithAppProviders(fakeAuth(stage), router);
}

describe("guest payment: nothing payable on a credit (spec 2 §5 V2)", () => {
  const lookup = (dollars: number) =>
    answerAt("GET", "/api/naviline/account", () =>
      json({
        OutputParms: {
          ErrorCode: "0000",
          AmountDueWithoutPending: dollars,
          DueDateOfLastBill: "2026-12-20",
          CustomerId: "100007331",
          LocationId: "200004099",
        },
      } satisfies AccountLookupAnswer),
    );

  it.each([
    ["a credit (the billing system's trailing minus)", -12.5],
    ["a zero balance", 0],
  ])("%s is shown as $0.00 due, and Next stays disabled whatever is typed", async (_, dollars) => {
    fakeFetch(lookup(dollars));
    render(<GuestPayment initialAccountNumber="100007331-200004099" onPaid={() => undefined} />);
    await screen.findByRole("heading", {
      name: en.Payment.AccountLabel.replace("{{accountNumber}}", "100007331-200004099"),
    });
    expect(screen.getByText(en.Payment.AmountDue.replace("{{amount}}", "$0.00"))).toBeTruthy();
    expect(screen.getByText(en.Payment.NothingDue)).toBeTruthy();
    const next = screen.getByRole("button", { name: en.Payment.Next }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(en.Payment.Amount, { exact: false }), { target: { value: "25.00" } });
    expect(next.disabled).toBe(true);
  });

  it("an account owing $38.98 enables Next (the same page, the rule is the balance)", async () => {
    fakeFetch(lookup(38.98));
    render(<GuestPayment initialAccountNumber="100007331-200004099" onPaid={() => undefined} />);
    const next = (await screen.findByRole("button", { name: en.Payment.Next })) as HTMLButtonElement;
    expect(screen.getByText(en.Payment.AmountDue.replace("{{amount}}", "$38.98"))).toBeTruthy();
    expect(next.disabled).toBe(false);
  });

  it("an unknown account says the spec's sentence (spec 2 §5), in Spanish too", async () => {
    expect(en.Payment.AccountNotFound).toBe(
      "Could not find account. Please make sure you entered the account information correctly.",
    );
    await i18n.changeLanguage("es");
    fakeFetch(answerAt("GET", "/api/naviline/account", () => apiError(404, "No such account.", "not_found")));
    render(<GuestPayment initialAccountNumber="100007331-200004099" onPaid={() => undefined} />);
    await expectAlert(es.Payment.AccountNotFound);
  });
});

describe("business licence renewal (spec 2 §5 V9, V10, V11; §8 X11)", () => {
  const lastYear = String(new Date().getFullYear() - 1);

  function fill(texts: typeof en, values: { year?: string; number?: string; pin?: string }) {
    if (values.year !== undefined)
      fireEvent.change(screen.getByLabelText(texts.License.Year, { exact: false }), { target: { value: values.year } });
    if (values.number !== undefined)
      fireEvent.change(screen.getByLabelText(texts.License.AccountNumber, { exact: false }), {
        target: { value: values.number },
      });
    if (values.pin !== undefined)
      fireEvent.change(screen.getByLabelText(texts.License.Pin, { exact: false }), { target: { value: values.pin } });
  }

  const calculate = (texts: typeof en) =>
    fireEvent.click(screen.getByRole("button", { name: texts.License.Calculate }));

  it("the year defaults to last year with a minimum of 2020, and is sent as its last two digits (V9)", async () => {
    const bodies: unknown[] = [];
    fakeFetch(
      answerAt("POST", "/api/licenses/renew/calc", (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json({ success: true, fees: 150, penalty: 15, message: "" } satisfies LicenseFeeAnswer);
      }),
    );
    render(<LicenseRenewalForm onPaid={() => undefined} />);
    const year = screen.getByLabelText(en.License.Year, { exact: false }) as HTMLInputElement;
    expect(year.value).toBe(lastYear);
    expect(year.min).toBe("2020");
    fill(en, { number: "BL-2041", pin: "4321" });
    calculate(en);
    await screen.findByRole("heading", { name: en.License.FeesTitle });
    expect(bodies).toEqual([{ licenseYear: lastYear.slice(2), licenseNumber: "BL-2041", licensePIN: "4321" }]);
  });

  it("every field is required, and 2019 is refused before anything is sent (V9)", async () => {
    const fetchMock = fakeFetch();
    render(<LicenseRenewalForm onPaid={() => undefined} />);
    fill(en, { number: "BL-2041" });
    calculate(en);
    await expectAlert(en.License.Required);
    fill(en, { year: "2019", pin: "4321" });
    calculate(en);
    expect(screen.getByText(en.License.YearInvalid.replace("{{minimum}}", "2020"))).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes("/licenses/"))).toEqual([]);
  });

  it.each([
    [
      "fees below 1: there are no fees (V10)",
      () => json({ success: true, fees: 0.5, penalty: 0, message: "" }),
      "NoFees",
    ],
    [
      "the call failing: something went wrong (V11, X11)",
      () => apiError(503, "down", "unavailable"),
      "SomethingWentWrong",
    ],
  ] as const)("%s, in English and Spanish, with nothing to pay", async (_, answer, key) => {
    for (const [language, texts] of [
      ["en", en],
      ["es", es],
    ] as const) {
      await i18n.changeLanguage(language);
      fakeFetch(answerAt("POST", "/api/licenses/renew/calc", answer));
      const view = render(<LicenseRenewalForm onPaid={() => undefined} />);
      fill(texts, { number: "BL-2041", pin: "4321" });
      calculate(texts);
      await expectAlert(texts.License[key]);
      expect(screen.queryByRole("heading", { name: texts.License.FeesTitle })).toBeNull();
      view.unmount();
    }
  });

  it("the spec's sentences: no fees, something went wrong", () => {
    expect(en.License.NoFees).toMatch(/no fees/);
    expect(en.License.SomethingWentWrong).toMatch(/^Something went wrong/);
    expect(es.License.NoFees).not.toBe(en.License.NoFees);
    expect(es.License.SomethingWentWrong).toMatch(/^Algo salió mal/);
  });
});

describe("the CORE bill-pay frame on /payment (spec 2 §2, §4, §9: S7, S8, S10, T3)", () => {
  const FRAME_ORIGIN = "http://core.test";
  const session = answerAt("GET", "/api/paymentus-token", () =>
    json({ iframeURL: `${FRAME_ORIGIN}/bill-pay?session=s1`, paymentId: "p".repeat(40) }),
  );
  const post = (data: Record<string, unknown>, origin = FRAME_ORIGIN) =>
    postFromFrame(origin, { source: "core-payments", ...data });
  const frame = () => screen.getByTitle(en.Payment.Core.FrameTitle) as HTMLIFrameElement;

  /** The frame for Maria's $38.98 bill, in the page's language; resolves once the frame shows. */
  async function renderFrame(texts: typeof en = en, onPaid: (result: PaymentResult) => void = () => undefined) {
    render(
      <CoreBillPay accountNumber="100007331-200004099" amountCents={3898} onPaid={onPaid} onCancel={() => undefined} />,
      "onboarded",
    );
    return screen.findByTitle(texts.Payment.Core.FrameTitle);
  }

  it("starts 570 px high, then adds 145 to each height the frame reports; another origin is ignored (S7, S8)", async () => {
    fakeFetch(session);
    await renderFrame();
    expect(frame().style.height).toBe("570px");
    post({ type: "height", height: 600 }, "http://elsewhere.test");
    expect(frame().style.height).toBe("570px");
    post({ type: "height", height: 600 });
    expect(frame().style.height).toBe(`${600 + 145}px`);
    expect(frame().style.overflow).toBe("hidden");
  });

  it("overlay and submit say the payment is processing; an error shows, and the frame grows and scrolls (T3, S10)", async () => {
    fakeFetch(session);
    await renderFrame();
    post({ type: "height", height: 600 });
    post({ type: "overlayOn" });
    expect(screen.getByText(en.Payment.Core.Processing)).toBeTruthy();
    post({ type: "overlayOff" });
    expect(screen.queryByText(en.Payment.Core.Processing)).toBeNull();
    post({ type: "paymentSubmit" });
    expect(screen.getByText(en.Payment.Core.Processing)).toBeTruthy();
    post({ type: "paymentError", message: "Card declined." });
    await expectAlert(`${en.Payment.Core.Error} Card declined.`);
    expect(frame().style.height).toBe(`${600 + 145 + 200}px`);
    expect(frame().style.overflow).toBe("auto");
    // Heights reported after the error keep the extra room.
    post({ type: "height", height: 640 });
    expect(frame().style.height).toBe(`${640 + 145 + 200}px`);
  });

  it("success is recorded by the server with the session's payment id, then the confirmation opens (T3)", async () => {
    const completed: unknown[] = [];
    const paid: string[] = [];
    fakeFetch(
      session,
      answerAt("POST", "/api/core/bill-pay/complete", (init) => {
        completed.push(JSON.parse(String(init.body)));
        return json({ paymentId: "p".repeat(40) });
      }),
    );
    await renderFrame(en, (result) => paid.push(result.paymentId));
    post({ type: "paymentSuccess", transactionId: "T-1" });
    post({ type: "paymentSuccess", transactionId: "T-1" });
    await waitFor(() => expect(paid).toEqual(["p".repeat(40)]));
    expect(completed).toEqual([{ paymentId: "p".repeat(40), transactionId: "T-1" }]);
  });

  it("the frame's texts exist in Spanish", async () => {
    await i18n.changeLanguage("es");
    fakeFetch(session);
    const spanishFrame = await renderFrame(es);
    expect(within(spanishFrame.parentElement as HTMLElement).getByText(es.Payment.Core.Intro)).toBeTruthy();
  });
});
