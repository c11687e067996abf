import type { AccountAutopay } from "@contract/autopay";
import { GATEWAY_MESSAGE_SOURCE } from "@contract/payment-constants";
import type { PaymentProfile } from "@contract/payment-methods";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { expectAlert } from "@/testing/alerts";
import { fakeAuth, renderWithAppProviders, testUser } from "@/testing/fake-auth";
import { answerAt, apiError, callsTo, fakeFetch, json } from "@/testing/fake-fetch";
import { postFromFrame } from "@/testing/frame-messages";
import type { AccountWithAutopay } from "../api/autopay";
import { AddCardFrame } from "../components/add-card-frame";
import { AddCardModal } from "../components/add-card-modal";
import { AutopayModal } from "../components/autopay-modal";
import { SavedMethods } from "../components/saved-methods";
import { WaterAccounts } from "../components/water-accounts";

/**
 * Spec 2 billing settings, the items the audit (shared/audits/spec-2-items.md) found untested:
 * the saved-card delete warnings (T7, X6), the water-account dialog (V4b, X5), the autopay card
 * tab and its errors (V5, V7, X3, X4), the add-card modal's errors (X2, S7) and the hosted add-card
 * frame's heights (S9, S10). Each asserts the
 * texts of the English and Spanish resources the spec names.
 */

const uid = testUser.Id;
function render(element: ReactNode) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderWithAppProviders(fakeAuth("onboarded"), router);
}

const visa: PaymentProfile = {
  Id: "9100000000000001",
  Token: "9100000000000001",
  MaskedAccountNumber: "XXXX1111",
  Type: "card",
  ProfileDescription: "Visa",
  Default: false,
};
const visaLabel = "Visa XXXX1111";

const account: AccountWithAutopay = {
  Id: "link-1",
  customerId: "100007331",
  locationId: "200004099",
  accountNumber: "100007331-200004099",
  serviceAddress: "150 Dexter Ct",
  amountDueCents: 3898,
  dueDate: "2026-12-20",
};

const toastText = () => Array.from(document.querySelectorAll(".toast__message")).map((node) => node.textContent);

describe("deleting a saved card (spec 2 §4, §8: T7, X6)", () => {
  const routes = (usedByAutopay: boolean, deleted: () => Response) => [
    answerAt("GET", "/api/payment-methods", () => json([visa])),
    answerAt("GET", `/api/payment-methods/${visa.Id}`, () => json(usedByAutopay)),
    answerAt("DELETE", `/api/payment-methods/${visa.Id}`, deleted),
  ];

  it("the spec's confirm texts say the action cannot be undone, in both languages", () => {
    for (const key of ["warning-delete-saved-card", "warning-delete-saved-card-with-autopay"] as const) {
      expect(en[key]).toContain("{{card}}");
      expect(en[key]).toContain("This cannot be undone.");
      expect(es[key]).toContain("{{card}}");
      expect(es[key]).toContain("Esta acción no se puede deshacer.");
    }
    expect(en["warning-delete-saved-card-with-autopay"]).toContain("stops autopay");
  });

  it("a card autopay uses gets the autopay warning; Delete removes it and says success-remove", async () => {
    const fetchMock = fakeFetch(...routes(true, () => json({ success: true })));
    render(<SavedMethods userId={uid} core={false} />);
    fireEvent.click(
      await screen.findByRole("button", { name: en.Billing.Methods.DeleteLabel.replace("{{card}}", visaLabel) }),
    );
    const dialog = await screen.findByRole("dialog", { name: en.Billing.Methods.DeleteTitle });
    expect(dialog.textContent).toContain(en["warning-delete-saved-card-with-autopay"].replace("{{card}}", visaLabel));
    expect(dialog.textContent).not.toContain(en["warning-delete-saved-card"].replace("{{card}}", visaLabel));
    fireEvent.click(within(dialog).getByRole("button", { name: en.Billing.Methods.DeleteConfirm }));
    await waitFor(() => expect(toastText()).toContain(en["success-remove"]));
    expect(callsTo(fetchMock, "DELETE", `/api/payment-methods/${visa.Id}`)).toHaveLength(1);
  });

  it("a card no autopay uses gets the plain warning (Spanish); Cancel deletes nothing", async () => {
    await i18n.changeLanguage("es");
    const fetchMock = fakeFetch(...routes(false, () => json({ success: true })));
    render(<SavedMethods userId={uid} core={false} />);
    fireEvent.click(
      await screen.findByRole("button", { name: es.Billing.Methods.DeleteLabel.replace("{{card}}", visaLabel) }),
    );
    const dialog = await screen.findByRole("dialog", { name: es.Billing.Methods.DeleteTitle });
    expect(dialog.textContent).toContain(es["warning-delete-saved-card"].replace("{{card}}", visaLabel));
    fireEvent.click(within(dialog).getByRole("button", { name: es.Modal.Cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo(fetchMock, "DELETE", `/api/payment-methods/${visa.Id}`)).toHaveLength(0);
  });

  it("a failed delete says error-remove and keeps the card", async () => {
    fakeFetch(...routes(false, () => apiError(503, "The card gateway is unavailable.", "unavailable")));
    render(<SavedMethods userId={uid} core={false} />);
    fireEvent.click(
      await screen.findByRole("button", { name: en.Billing.Methods.DeleteLabel.replace("{{card}}", visaLabel) }),
    );
    const dialog = await screen.findByRole("dialog", { name: en.Billing.Methods.DeleteTitle });
    fireEvent.click(within(dialog).getByRole("button", { name: en.Billing.Methods.DeleteConfirm }));
    await waitFor(() => expect(toastText()).toContain(en["error-remove"]));
    expect(toastText()).not.toContain(en["success-remove"]);
    expect(screen.getByText(visaLabel)).toBeTruthy();
  });
});

describe("the water-account dialog (spec 2 §5, §8: V4b, X5)", () => {
  const listed = answerAt("GET", "/api/naviline/paymentInformation", () => json([account]));

  async function openDialog(texts: typeof en) {
    fireEvent.click(await screen.findByRole("button", { name: texts.Billing.Accounts.Add }));
    return screen.findByRole("dialog", { name: texts.Billing.Accounts.AddTitle });
  }

  const fill = (dialog: HTMLElement, texts: typeof en, accountNumber: string, streetNumber: string) => {
    fireEvent.change(within(dialog).getByLabelText(texts.Billing.Accounts.AccountNumber, { exact: false }), {
      target: { value: accountNumber },
    });
    fireEvent.change(within(dialog).getByLabelText(texts.Billing.Accounts.StreetNumber, { exact: false }), {
      target: { value: streetNumber },
    });
  };

  it("submit stays disabled until both fields are filled; the ids are sent without leading zeros or spaces", async () => {
    const fetchMock = fakeFetch(
      listed,
      answerAt("POST", "/api/naviline/paymentInformation", () =>
        json({ success: true, serviceAddress: "150 Dexter Ct" }),
      ),
    );
    render(<WaterAccounts userId={uid} organizationId="personal" bankEnabled coreEnabled={false} />);
    const dialog = await openDialog(en);
    const submit = within(dialog).getByRole("button", { name: en.Billing.Accounts.Submit }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fill(dialog, en, "000100007331-000200004099", "");
    expect(submit.disabled).toBe(true);
    fill(dialog, en, "", "1 50");
    expect(submit.disabled).toBe(true);
    fill(dialog, en, "000100007331-000200004099", "1 50");
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(toastText()).toContain(en["success-add"]));
    const [post] = callsTo(fetchMock, "POST", "/api/naviline/paymentInformation");
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      customerId: "100007331",
      locationId: "200004099",
      streetNumber: "150",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it.each([
    ["a duplicate (409)", "duplicate-payment-account", () => apiError(409, "Already linked.", "conflict")],
    [
      "a street number mismatch (400)",
      "naviline-account-mismatch",
      () => apiError(400, "utility-account-street-number-mismatch", "bad_request"),
    ],
    ["any other failure", "error-add", () => apiError(500)],
  ] as const)("%s says %s, in English and Spanish, and the dialog stays open", async (_, key, answer) => {
    for (const [language, texts] of [
      ["en", en],
      ["es", es],
    ] as const) {
      await i18n.changeLanguage(language);
      fakeFetch(listed, answerAt("POST", "/api/naviline/paymentInformation", answer));
      const view = render(<WaterAccounts userId={uid} organizationId="personal" bankEnabled coreEnabled={false} />);
      const dialog = await openDialog(texts);
      fill(dialog, texts, "100007331-200004099", "150");
      fireEvent.click(within(dialog).getByRole("button", { name: texts.Billing.Accounts.Submit }));
      expect((await within(dialog).findByRole("alert")).textContent).toBe(texts[key]);
      expect(screen.getByRole("dialog", { name: texts.Billing.Accounts.AddTitle })).toBeTruthy();
      view.unmount();
    }
  });

  it("removing an account asks first, then says success-remove; a failed removal says error-remove", async () => {
    let removals = 0;
    fakeFetch(
      listed,
      answerAt("DELETE", "/api/naviline/paymentInformation", () =>
        ++removals === 1 ? json({ success: true }) : apiError(500),
      ),
    );
    render(<WaterAccounts userId={uid} organizationId="personal" bankEnabled coreEnabled={false} />);
    const removeButton = await screen.findByRole("button", {
      name: en.Billing.Accounts.RemoveLabel.replace("{{accountNumber}}", account.accountNumber),
    });
    for (const expected of ["success-remove", "error-remove"] as const) {
      fireEvent.click(removeButton);
      const dialog = await screen.findByRole("dialog", { name: en.Billing.Accounts.RemoveTitle });
      fireEvent.click(within(dialog).getByRole("button", { name: en.Billing.Accounts.RemoveConfirm }));
      await waitFor(() => expect(toastText()).toContain(en[expected]));
    }
    expect(removals).toBe(2);
  });
});

describe("the autopay modal's card tab and errors (spec 2 §5, §8: V5, V7, X3, X4)", () => {
  const enrolledCard: AccountAutopay = {
    AutopayId: null,
    AutopayStatus: "",
    AutopayEnabled: false,
    PaymentProfileId: null,
  };

  function renderModal(options: { profiles: PaymentProfile[]; bankEnabled: boolean; put?: () => Response }) {
    const fetchMock = fakeFetch(
      answerAt("GET", "/api/payment-methods", () => json(options.profiles)),
      answerAt("PUT", "/api/autopay", options.put ?? (() => apiError(500))),
    );
    const view = render(
      <AutopayModal
        userId={uid}
        organizationId="personal"
        account={{ ...account, Autopay: enrolledCard }}
        bankEnabled={options.bankEnabled}
        coreEnabled={false}
        onClose={() => undefined}
      />,
    );
    return { fetchMock, view };
  }

  const dialog = (texts: typeof en) =>
    screen.getByRole("dialog", {
      name: texts.Billing.Autopay.Title.replace("{{accountNumber}}", account.accountNumber),
    });

  it("the spec's texts: no saved cards, select a card, the bank notice", () => {
    expect(en.Billing.Autopay.NoSavedCards).toBe("You have no saved cards. Add a card first.");
    expect(en.Billing.Autopay.SelectCard).toBe("Select a card");
    expect(en.Billing.Autopay.InvalidBank).toBe("Invalid routing or account number. Please try again.");
    expect(en.Billing.Autopay.FillAllBankFields).toBe("Please fill out all bank account fields");
    for (const key of ["NoSavedCards", "SelectCard", "InvalidBank"] as const) {
      expect(es.Billing.Autopay[key]).toMatch(/\w{3}/);
      expect(es.Billing.Autopay[key]).not.toBe(en.Billing.Autopay[key]);
    }
  });

  it("with no saved cards the card tab says so, and saving says it again and sends nothing (V5)", async () => {
    const { fetchMock } = renderModal({ profiles: [], bankEnabled: true });
    fireEvent.click(screen.getByLabelText(en.Billing.Autopay.Toggle));
    await screen.findByText(en.Billing.Autopay.NoSavedCards);
    fireEvent.click(within(dialog(en)).getByRole("button", { name: en.Billing.Autopay.Save }));
    expect((await within(dialog(en)).findByRole("alert")).textContent).toBe(en.Billing.Autopay.NoSavedCards);
    expect(callsTo(fetchMock, "PUT", "/api/autopay")).toHaveLength(0);
  });

  it("with cards but none chosen, saving says 'Select a card' in Spanish and sends nothing (V5)", async () => {
    await i18n.changeLanguage("es");
    const { fetchMock } = renderModal({ profiles: [visa], bankEnabled: true });
    fireEvent.click(screen.getByLabelText(es.Billing.Autopay.Toggle));
    await screen.findByRole("option", { name: visaLabel });
    fireEvent.click(within(dialog(es)).getByRole("button", { name: es.Billing.Autopay.Save }));
    expect((await within(dialog(es)).findByRole("alert")).textContent).toBe(es.Billing.Autopay.SelectCard);
    expect(callsTo(fetchMock, "PUT", "/api/autopay")).toHaveLength(0);
  });

  it("offers the bank tab only when EnableACHAutopay is on (V7)", async () => {
    const { view } = renderModal({ profiles: [visa], bankEnabled: false });
    fireEvent.click(screen.getByLabelText(en.Billing.Autopay.Toggle));
    expect(screen.getByLabelText(en.Billing.Autopay.CardTab)).toBeTruthy();
    expect(screen.queryByLabelText(en.Billing.Autopay.BankTab)).toBeNull();
    view.unmount();
    renderModal({ profiles: [visa], bankEnabled: true });
    fireEvent.click(screen.getByLabelText(en.Billing.Autopay.Toggle));
    expect(screen.getByLabelText(en.Billing.Autopay.BankTab)).toBeTruthy();
  });

  it("a bank save refused with 422 shows the invalid-bank notice and AutopaySaveError (X3)", async () => {
    const { fetchMock } = renderModal({
      profiles: [visa],
      bankEnabled: true,
      put: () => apiError(422, "Routing number rejected by the bank.", "unprocessable"),
    });
    fireEvent.click(screen.getByLabelText(en.Billing.Autopay.Toggle));
    fireEvent.click(screen.getByLabelText(en.Billing.Autopay.BankTab));
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
    type(en.Billing.Autopay.RoutingNumber, "123456789");
    type(en.Billing.Autopay.RoutingNumberConfirm, "123456789");
    type(en.Billing.Autopay.AccountNumber, "000123456");
    type(en.Billing.Autopay.AccountNumberConfirm, "000123456");
    fireEvent.change(screen.getByLabelText(en.Billing.Autopay.AccountType), { target: { value: "checking" } });
    fireEvent.click(within(dialog(en)).getByRole("button", { name: en.Billing.Autopay.Save }));
    const alert = await within(dialog(en)).findByRole("alert");
    expect(Array.from(alert.querySelectorAll("p")).map((line) => line.textContent)).toEqual([
      en.Billing.Autopay.InvalidBank,
      en.Billing.AutopaySaveError,
    ]);
    expect(callsTo(fetchMock, "PUT", "/api/autopay")).toHaveLength(1);
  });

  it("another failed save shows the server's message on an English page, AutopaySaveError on a Spanish one (X4)", async () => {
    const put = () => apiError(404, "No such water account of yours.", "not_found");
    for (const [language, texts, expected] of [
      ["en", en, "No such water account of yours."],
      ["es", es, es.Billing.AutopaySaveError],
    ] as const) {
      await i18n.changeLanguage(language);
      const { view } = renderModal({ profiles: [visa], bankEnabled: true, put });
      fireEvent.click(screen.getByLabelText(texts.Billing.Autopay.Toggle));
      fireEvent.change(await screen.findByLabelText(texts.Billing.Autopay.Card, { exact: true }), {
        target: { value: visa.Id },
      });
      fireEvent.click(within(dialog(texts)).getByRole("button", { name: texts.Billing.Autopay.Save }));
      expect((await within(dialog(texts)).findByRole("alert")).textContent).toBe(expected);
      view.unmount();
    }
  });
});

describe("the add-card modal (EnableCORE off; spec 2 §8 X2, §9 S7)", () => {
  const FRAME_ORIGIN = "http://gateway.test";
  const cardForm = answerAt("GET", "/api/payment/card-form", () =>
    json({ url: `${FRAME_ORIGIN}/card-form`, origin: FRAME_ORIGIN }),
  );
  const post = (data: Record<string, unknown>, origin = FRAME_ORIGIN) =>
    postFromFrame(origin, { source: GATEWAY_MESSAGE_SOURCE, ...data });
  const nonce = { type: "nonce", nonce: "nonce-0001", last4: "1111", cardType: "Visa" };
  const frameHeight = () => (screen.getByTitle(en.Payment.CardFrameTitle) as HTMLIFrameElement).style.height;

  it("the spec's error texts exist in both languages", () => {
    expect(en.Payment.GeneralPaymentError).toMatch(/could not be saved/);
    expect(en.Payment.APICouldNotValidateError).toMatch(/could not be validated/);
    expect(es.Payment.GeneralPaymentError).not.toBe(en.Payment.GeneralPaymentError);
    expect(es.Payment.APICouldNotValidateError).not.toBe(en.Payment.APICouldNotValidateError);
  });

  it("the card frame is 570 px high until it reports its height, then as high as it says; other origins are ignored (S7)", async () => {
    fakeFetch(cardForm);
    render(<AddCardModal userId={uid} firstCard onClose={() => undefined} />);
    await screen.findByTitle(en.Payment.CardFrameTitle);
    expect(frameHeight()).toBe("570px");
    post({ type: "height", height: 612 }, "http://elsewhere.test");
    expect(frameHeight()).toBe("570px");
    post({ type: "height", height: 612 });
    expect(frameHeight()).toBe("612px");
  });

  it.each([
    [422, "Payment.APICouldNotValidateError"],
    [503, "Payment.GeneralPaymentError"],
  ] as const)("a save answered %i shows %s, in English and Spanish (X2)", async (status, key) => {
    for (const [language, texts] of [
      ["en", en],
      ["es", es],
    ] as const) {
      await i18n.changeLanguage(language);
      const fetchMock = fakeFetch(
        cardForm,
        answerAt("POST", "/api/payment-methods", () => apiError(status, "refused")),
      );
      const view = render(<AddCardModal userId={uid} firstCard onClose={() => undefined} />);
      await screen.findByTitle(texts.Payment.CardFrameTitle);
      post(nonce);
      const field = key.split(".")[1] as "APICouldNotValidateError" | "GeneralPaymentError";
      await expectAlert(texts.Payment[field]);
      expect(JSON.parse(String(callsTo(fetchMock, "POST", "/api/payment-methods")[0]?.[1]?.body))).toEqual({
        userId: uid,
        nonce: "nonce-0001",
        makeDefault: true,
      });
      view.unmount();
    }
  });
});

describe("the hosted add-card frame (EnableCORE; spec 2 §2, §9: S9, S10)", () => {
  const FRAME_ORIGIN = "http://core.test";
  const session = answerAt("GET", "/api/core/payment-methods/iframe", () =>
    json({ iframeUrl: `${FRAME_ORIGIN}/frames/add-card?token=t1` }),
  );
  const post = (data: Record<string, unknown>, origin = FRAME_ORIGIN) =>
    postFromFrame(origin, { source: "core-payments", ...data });
  const frame = () => screen.getByTitle(en.Billing.Methods.FrameTitle) as HTMLIFrameElement;

  it("starts 570 px high and adds 60 to the height the frame reports; another origin is ignored (S9)", async () => {
    fakeFetch(session);
    render(<AddCardFrame />);
    await screen.findByTitle(en.Billing.Methods.FrameTitle);
    expect(frame().style.height).toBe("570px");
    post({ type: "height", height: 500 }, "http://elsewhere.test");
    expect(frame().style.height).toBe("570px");
    post({ type: "height", height: 500 });
    expect(frame().style.height).toBe("560px");
    expect(frame().style.overflow).toBe("hidden");
  });

  it("a frame error shows the save error and makes the frame taller and scrollable (S10)", async () => {
    fakeFetch(session);
    render(<AddCardFrame />);
    await screen.findByTitle(en.Billing.Methods.FrameTitle);
    post({ type: "height", height: 500 });
    post({ type: "paymentError", message: "Card declined." });
    await expectAlert(`${en.Billing.Methods.SaveError} Card declined.`);
    expect(frame().style.height).toBe("760px");
    expect(frame().style.overflow).toBe("auto");
  });
});
