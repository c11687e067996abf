import type { PaymentResult } from "@contract/payment";
import { MINIMUM_PAYMENT_CENTS } from "@contract/payment-constants";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyField } from "@/components/ui/form/money-field";
import { TextField } from "@/components/ui/form/text-field";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";
import { formatCents } from "@/utils/format";
import { useLookupAccount } from "../api/lookup-account";
import { Checkout } from "./checkout";

interface FoundAccount {
  customerId: string;
  locationId: string;
  accountNumber: string;
  dueCents: number;
  dueDate: string;
}

/**
 * Guest payment (spec 2 §2): customer ID → lookup → amount → Next shows the card form. The lookup
 * succeeds only with ErrorCode 0000; a trailing minus (credit) is nothing payable.
 */
export function GuestPayment({
  initialAccountNumber = "",
  onPaid,
}: {
  initialAccountNumber?: string;
  onPaid: (result: PaymentResult) => void;
}) {
  const { t } = useTranslation();
  const lookup = useLookupAccount();
  // A guest cannot pay an account with nothing due (spec 2 §5); a signed-in payer may pay ahead, at least $1.
  const signedIn = Boolean(useAuth().authUser);
  const [accountNumber, setAccountNumber] = useState(initialAccountNumber);
  const [inputError, setInputError] = useState<string | undefined>();
  const [account, setAccount] = useState<FoundAccount | null>(null);
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const [showCard, setShowCard] = useState(false);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const typed = accountNumber.replace(/\s+/g, "");
    if (!/^\d{1,9}(-\d{1,9})?$/.test(typed)) {
      setInputError(typed ? "Payment.CustomerIdInvalid" : "ErrorValidation.Required");
      return;
    }
    setInputError(undefined);
    setAccount(null);
    setShowCard(false);
    lookup.mutate(typed, {
      onSuccess: ({ OutputParms }) => {
        if (OutputParms.ErrorCode !== "0000") return;
        const dueCents = Math.max(0, Math.round(OutputParms.AmountDueWithoutPending * 100));
        setAccount({
          customerId: OutputParms.CustomerId,
          locationId: OutputParms.LocationId,
          accountNumber: `${OutputParms.CustomerId}-${OutputParms.LocationId}`,
          dueCents,
          dueDate: OutputParms.DueDateOfLastBill,
        });
        setAmountCents(dueCents);
      },
    });
  };

  const notFound = lookup.isError && lookup.error instanceof ApiError && lookup.error.status === 404;
  const minimum = Math.max(account?.dueCents ?? 0, MINIMUM_PAYMENT_CENTS);
  const amountValid = amountCents !== null && !Number.isNaN(amountCents) && amountCents >= minimum;

  return (
    <div className="guest-payment">
      <form className="payment-form" onSubmit={find} noValidate>
        <TextField
          id="guest-customer-id"
          label={t("Payment.CustomerId")}
          hint={t("Payment.CustomerIdHint")}
          required
          value={accountNumber}
          error={inputError ? t(inputError) : undefined}
          onChange={(event) => setAccountNumber(event.target.value)}
          autoComplete="off"
          inputMode="numeric"
        />
        <button type="submit" className="button button--primary" disabled={lookup.isPending}>
          {lookup.isPending ? t("Payment.Loading") : t("Payment.LookUp")}
        </button>
      </form>
      {notFound && (
        <p role="alert" className="error-text">
          {t("Payment.AccountNotFound")}
        </p>
      )}
      {lookup.isError && !notFound && (
        <p role="alert" className="error-text">
          {lookup.error instanceof ApiError && lookup.error.status === 429
            ? t("Payment.TooManyLookups")
            : t("Payment.BillingUnavailable")}
        </p>
      )}
      {account && (
        <section aria-labelledby="guest-account-heading" className="payment-account">
          <h2 id="guest-account-heading">{t("Payment.AccountLabel", { accountNumber: account.accountNumber })}</h2>
          <p>{t("Payment.AmountDue", { amount: formatCents(account.dueCents) })}</p>
          {account.dueCents <= 0 && <p>{t("Payment.NothingDue")}</p>}
          {!showCard ? (
            <>
              <MoneyField
                id="guest-amount"
                label={t("Payment.Amount")}
                hint={t("Payment.AmountHint", { minimum: formatCents(minimum) })}
                required
                value={amountCents}
                onChange={setAmountCents}
                error={
                  amountCents !== null && !amountValid
                    ? t("Payment.AmountTooLowText", { minimum: formatCents(minimum) })
                    : undefined
                }
              />
              <button
                type="button"
                className="button button--primary"
                disabled={(!signedIn && account.dueCents <= 0) || !amountValid}
                onClick={() => setShowCard(true)}
              >
                {t("Payment.Next")}
              </button>
            </>
          ) : (
            <>
              <p>{t("Payment.Paying.Amount", { amount: formatCents(amountCents ?? 0) })}</p>
              <Checkout
                charge={{
                  endpoint: "/payment",
                  input: {
                    paymentType: "UTILITY",
                    amountCents: amountCents ?? 0,
                    navilineCustomerId: account.customerId,
                    navilineLocationId: account.locationId,
                  },
                }}
                onPaid={onPaid}
              />
            </>
          )}
        </section>
      )}
    </div>
  );
}
