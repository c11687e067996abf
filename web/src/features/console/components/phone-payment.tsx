import type { PersonAccount } from "@contract/console";
import { PAY_AGAIN_CODE } from "@contract/payment-constants";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CardFrame, type CardNonce } from "@/components/payments/card-frame";
import { MinimumAmountField, minimumPaymentCents, useMinimumAmount } from "@/components/payments/minimum-amount-field";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { FormActions } from "@/components/ui/form/form-actions";
import { ApiError } from "@/lib/api-client";
import { formatCents, formatDate } from "@/utils/format";
import { type PhonePaymentAttempt, useTakePhonePayment } from "../api/assist";

const accountNumberOf = (account: PersonAccount) => `${account.customerId}-${account.locationId}`;
/** The amount's texts for staff: its hint gives the minimum's reason, to read to the caller. */
const AMOUNT_TEXTS = {
  label: "Console.Pay.Amount",
  hint: "Console.Pay.AmountHint",
  tooLow: "Console.Pay.AmountTooLow",
};

/** The earlier payment a 409 "Pay again?" names (staff are always told its amount and time), or null. */
function payAgainOf(error: unknown): { amountCents: number; paidAt: string } | null {
  if (!(error instanceof ApiError && error.status === 409 && error.message === PAY_AGAIN_CODE)) return null;
  return { amountCents: Number(error.fields.amountCents ?? 0), paidAt: error.fields.paidAt ?? "" };
}

/** What staff are told when the charge did not go through (nothing was taken, except a lost answer). */
function failureKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) return "Console.Pay.Declined";
  if (error instanceof ApiError && error.status === 409) return "Console.Pay.Busy";
  if (error instanceof ApiError && error.status === 429) return "Console.Pay.TooMany";
  if (error instanceof ApiError && error.status === 503) return "Console.Pay.Unavailable";
  return "Console.Pay.Failed";
}

/**
 * The console's phone (MOTO) payment (issue 31): staff type the caller's card in the gateway's
 * hosted form (the card number goes to the provider only; this page has the payment pages' strict
 * CSP), then charge her water bill through the resident's own payment path: one Idempotency-Key
 * per attempt, "Pay again?" for a bill paid this cycle, one charge per bill however many windows.
 */
export function PhonePayment({ uid, accounts }: { uid: string; accounts: PersonAccount[] }) {
  const { t } = useTranslation();
  const take = useTakePhonePayment(uid);
  const [accountNumber, setAccountNumber] = useState(() => (accounts[0] ? accountNumberOf(accounts[0]) : ""));
  const account = accounts.find((candidate) => accountNumberOf(candidate) === accountNumber) ?? null;
  const dueCents = Math.max(0, account?.amountDueCents ?? 0);
  const amount = useMinimumAmount(dueCents, "minimum");
  const { cents: amountCents, valid: amountValid } = amount;
  const [showCard, setShowCard] = useState(false);
  const [card, setCard] = useState<CardNonce | null>(null);
  const [attempt, setAttempt] = useState<PhonePaymentAttempt | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const payAgain = take.isError ? payAgainOf(take.error) : null;

  const onNonce = useCallback((next: CardNonce) => setCard(next), []);
  // A refusal or "Pay again?" takes focus once, when it arrives.
  useEffect(() => {
    if (take.error) alertRef.current?.focus();
  }, [take.error]);

  if (accounts.length === 0) return null;

  const choose = (chosen: string) => {
    setAccountNumber(chosen);
    const next = accounts.find((candidate) => accountNumberOf(candidate) === chosen);
    amount.set(minimumPaymentCents(Math.max(0, next?.amountDueCents ?? 0)));
    setShowCard(false);
    take.reset();
  };

  const charge = (confirmPayAgain: boolean) => {
    if (!card || amountCents === null) return;
    const body = { accountNumber, amountCents, nonce: card.nonce, confirmPayAgain };
    // A new attempt gets a new key; pressing the button again for the same attempt sends the same key.
    const next =
      attempt && JSON.stringify(attempt.body) === JSON.stringify(body)
        ? attempt
        : { idempotencyKey: crypto.randomUUID(), body };
    setAttempt(next);
    take.mutate(next, {
      onError: (error) => {
        // The card's one-time token was used by the refused charge: the card is typed again. ("Pay
        // again?" refused before any charge: the same card is charged once confirmed.)
        if (!payAgainOf(error)) setCard(null);
      },
    });
  };

  const startAgain = () => {
    take.reset();
    setCard(null);
    setShowCard(false);
    setAttempt(null);
  };

  const paid = take.isSuccess ? take.data : null;
  const failed = take.isError && !payAgain;
  return (
    <section aria-labelledby="person-pay" className="console-section">
      <h2 id="person-pay">{t("Console.Pay.Title")}</h2>
      <p>{t("Console.Pay.Intro")}</p>
      {paid ? (
        <>
          <p role="status" className="console-done">
            {t("Console.Pay.Paid", {
              amount: formatCents(paid.amountCents),
              account: paid.accountNumber,
              card: `${paid.cardType} ${paid.maskedCardNumber}`,
              transaction: paid.authNetTransId,
              who: paid.assistedBy,
            })}
          </p>
          <button type="button" className="button button--secondary" onClick={startAgain}>
            {t("Console.Pay.Another")}
          </button>
        </>
      ) : (
        <>
          <RadioGroupField
            id="phone-pay-account"
            legend={t("Console.Pay.Account")}
            options={accounts.map((candidate) => ({
              value: accountNumberOf(candidate),
              label:
                candidate.amountDueCents === null
                  ? accountNumberOf(candidate)
                  : t("Console.Pay.AccountOption", {
                      account: accountNumberOf(candidate),
                      amount: formatCents(Math.max(0, candidate.amountDueCents)),
                    }),
            }))}
            value={accountNumber}
            onValueChange={choose}
          />
          <MinimumAmountField id="phone-pay-amount" texts={AMOUNT_TEXTS} amount={amount} disabled={showCard} />
          {!showCard ? (
            <button
              type="button"
              className="button button--primary"
              disabled={!amountValid}
              onClick={() => setShowCard(true)}
            >
              {t("Console.Pay.EnterCard")}
            </button>
          ) : (
            <>
              {failed ? (
                <div ref={alertRef} tabIndex={-1} role="alert" className="notice notice--error">
                  <p>{t(failureKey(take.error))}</p>
                </div>
              ) : null}
              {payAgain ? (
                <div
                  ref={alertRef}
                  tabIndex={-1}
                  role="alertdialog"
                  aria-labelledby="phone-pay-again"
                  className="notice"
                >
                  <p id="phone-pay-again">
                    {payAgain.paidAt
                      ? t("Console.Pay.PayAgain", {
                          amount: formatCents(payAgain.amountCents),
                          date: formatDate(payAgain.paidAt),
                        })
                      : t("Console.Pay.PayAgainUndisclosed")}
                  </p>
                  <FormActions
                    className="form-actions"
                    actions={[
                      { label: t("Console.Pay.PayAgainYes"), onClick: () => charge(true) },
                      { label: t("Console.Pay.PayAgainNo"), onClick: startAgain },
                    ]}
                  />
                </div>
              ) : null}
              {card ? (
                <p>
                  {t("Console.Pay.CardReady", { cardType: card.cardType, last4: card.last4 })}{" "}
                  <button type="button" className="button button--secondary" onClick={() => setCard(null)}>
                    {t("Console.Pay.OtherCard")}
                  </button>
                </p>
              ) : (
                <CardFrame onNonce={onNonce} />
              )}
              <button
                type="button"
                className="button button--primary"
                disabled={!card || take.isPending || Boolean(payAgain)}
                aria-busy={take.isPending}
                onClick={() => charge(false)}
              >
                {take.isPending
                  ? t("Console.Pay.Charging")
                  : t("Console.Pay.Charge", { amount: formatCents(amountCents ?? 0) })}
              </button>
              <button type="button" className="button button--secondary" onClick={startAgain}>
                {t("Console.Pay.Cancel")}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}
