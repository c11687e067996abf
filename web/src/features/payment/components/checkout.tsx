import type { LpiPaymentInput, PaymentInput, PaymentResult, PaymentState } from "@contract/payment";
import { useCallback, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { defaultPaymentMethod, usePaymentMethods } from "@/api/payment-methods";
import { CardFrame, type CardNonce } from "@/components/payments/card-frame";
import { CheckboxField, RadioGroupField } from "@/components/ui/form/choice-fields";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";
import { formatCents } from "@/utils/format";
import { newIdempotencyKey, type PaymentAttempt, useSubmitPayment } from "../api/submit-payment";
import { PayAgainNotice, type PreviousPayment, previousPaymentOf } from "./pay-again";

type Charge =
  | { endpoint: "/payment"; input: Omit<PaymentInput, "nonce" | "paymentProfileId" | "confirmPayAgain"> }
  | { endpoint: "/paymentLPI"; input: Omit<LpiPaymentInput, "nonce" | "paymentProfileId"> };

/** The method choice for a card typed in the provider's frame for this payment only. */
const ONE_TIME = "one-time";

/** What the page says about a refused payment: the card provider's refusals say no money was taken. */
function failureText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 400 && error.fields.autoPay) return t(error.fields.autoPay);
  if (error instanceof ApiError && error.status === 422) return t("Payment.Declined");
  if (error instanceof ApiError && error.status === 503) return t("Payment.Unavailable");
  return t("Payment.Failed");
}

/**
 * Card entry and Submit for one charge whose amount the page has fixed (spec 2 §4: NONE → LOADING →
 * SUCCESS, or back to NONE with the error). A second payment in the cycle asks "Pay again?" first.
 */
export function Checkout({ charge, onPaid }: { charge: Charge; onPaid: (result: PaymentResult) => void }) {
  const { t } = useTranslation();
  const submit = useSubmitPayment();
  const [card, setCard] = useState<CardNonce | null>(null);
  const [attempt, setAttempt] = useState<PaymentAttempt | null>(null);
  const [state, setState] = useState<PaymentState>("NONE");
  const [failure, setFailure] = useState<string | null>(null);
  // The earlier payment's amount and time come only to a signed-in holder of the account.
  const [previous, setPrevious] = useState<PreviousPayment | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // Signed in: the saved profiles, the default one preselected, beside a one-time card (spec 2 §2).
  const userId = useAuth().authUser?.Id ?? null;
  const profiles = usePaymentMethods(userId);
  const { register, watch, reset } = useForm<{ method: string }>({ defaultValues: { method: ONE_TIME } });
  const preselected = defaultPaymentMethod(profiles.data)?.Id ?? ONE_TIME;
  useEffect(() => reset({ method: preselected }), [preselected, reset]);
  const method = watch("method");
  const savedProfile = method !== ONE_TIME ? (profiles.data?.find((profile) => profile.Id === method) ?? null) : null;
  // Autopay with the chosen saved card, for a utility bill (spec 2 §2); the server enrols it after the charge.
  const autopayOffered =
    charge.endpoint === "/payment" && charge.input.paymentType === "UTILITY" && savedProfile?.Type === "card";
  const [autoPay, setAutoPay] = useState(false);
  // "Save this card" (signed in, a card typed for this payment): saved at the gateway, then charged.
  const saveOffered = Boolean(userId) && !savedProfile;
  const [saveCard, setSaveCard] = useState(false);

  const onNonce = useCallback((next: CardNonce) => {
    setCard(next);
    setFailure(null);
  }, []);

  useEffect(() => {
    if (failure || previous) alertRef.current?.focus();
  }, [failure, previous]);

  const pay = (confirmPayAgain: boolean) => {
    const source = savedProfile
      ? { paymentProfileId: savedProfile.Id }
      : card
        ? { nonce: card.nonce, ...(saveOffered && saveCard ? { saveCard: true } : {}) }
        : null;
    if (!source) return;
    // A new attempt gets a new key; pressing Submit again for the same attempt re-sends the same key.
    const fresh: PaymentAttempt =
      charge.endpoint === "/payment"
        ? {
            idempotencyKey: "",
            endpoint: "/payment",
            input: { ...charge.input, ...source, confirmPayAgain, autoPay: autopayOffered && autoPay },
          }
        : { idempotencyKey: "", endpoint: "/paymentLPI", input: { ...charge.input, ...source } };
    const next =
      attempt && JSON.stringify(attempt.input) === JSON.stringify(fresh.input)
        ? attempt
        : { ...fresh, idempotencyKey: newIdempotencyKey() };
    setAttempt(next);
    setState("LOADING");
    setFailure(null);
    setPrevious(null);
    submit.mutate(next, {
      onSuccess: (result) => {
        setState("SUCCESS");
        onPaid(result);
      },
      onError: (error) => {
        setState("NONE");
        const earlier = previousPaymentOf(error);
        if (earlier) {
          setPrevious(earlier);
          return;
        }
        // The nonce was used up by the refused charge: the card is typed again in a fresh frame.
        setCard(null);
        setFailure(failureText(error, t));
      },
    });
  };

  return (
    <div className="checkout">
      {failure && (
        <div ref={alertRef} tabIndex={-1} role="alert" className="notice notice--error">
          <h2>{t("Payment.FailedTitle")}</h2>
          <p>{failure}</p>
          <p>{t("Payment.NoMoneyTaken")}</p>
        </div>
      )}
      {previous && (
        <PayAgainNotice ref={alertRef} previous={previous} onYes={() => pay(true)} onNo={() => setPrevious(null)} />
      )}
      {(profiles.data?.length ?? 0) > 0 && (
        <RadioGroupField
          id="payment-method"
          legend={t("Payment.Method")}
          options={[
            ...(profiles.data ?? []).map((profile) => ({
              value: profile.Id,
              label: `${profile.ProfileDescription} ${profile.MaskedAccountNumber}`,
            })),
            { value: ONE_TIME, label: t("Payment.OneTimeCard") },
          ]}
          registration={register("method")}
        />
      )}
      {autopayOffered && (
        <CheckboxField
          id="payment-autopay"
          label={t("PaymentAutopay.OptIn")}
          checked={autoPay}
          onChange={(event) => setAutoPay(event.target.checked)}
        />
      )}
      {savedProfile ? null : card ? (
        <div className="checkout__card">
          <p>{t("Payment.CardReady", { cardType: card.cardType, last4: card.last4 })}</p>
          <button type="button" className="button button--secondary" onClick={() => setCard(null)}>
            {t("Payment.UseAnotherCard")}
          </button>
        </div>
      ) : (
        <CardFrame onNonce={onNonce} />
      )}
      {saveOffered && (
        <CheckboxField
          id="payment-save-card"
          label={t("Payment.SaveCard")}
          checked={saveCard}
          onChange={(event) => setSaveCard(event.target.checked)}
        />
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={(!card && !savedProfile) || state === "LOADING"}
        aria-busy={state === "LOADING"}
        onClick={() => pay(false)}
      >
        {state === "LOADING"
          ? t("Payment.PayingNow")
          : t("Payment.Submit", { amount: formatCents(charge.input.amountCents) })}
      </button>
    </div>
  );
}
