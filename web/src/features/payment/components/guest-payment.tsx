import { normalizeCustomerId } from "@contract/billing-account";
import type { BillingAccountSummary } from "@contract/messages";
import type { PaymentResult } from "@contract/payment";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { paymentInformationQueryOptions } from "@/api/get-payment-information";
import { MinimumAmountField, useMinimumAmount } from "@/components/payments/minimum-amount-field";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { TextField } from "@/components/ui/form/text-field";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";
import { formatCents } from "@/utils/format";
import { useLookupAccount } from "../api/lookup-account";
import type { LinkAmounts } from "../link-amounts";
import { Checkout } from "./checkout";
import { CoreBillPay } from "./core-bill-pay";

interface FoundAccount {
  customerId: string;
  locationId: string;
  accountNumber: string;
  dueCents: number;
  dueDate: string;
}

const ACCOUNT_NUMBER = /^\d{1,9}(-\d{1,9})?$/;
const AMOUNT_TEXTS = { label: "Payment.Amount", hint: "Payment.AmountHint", tooLow: "Payment.AmountTooLowText" };

/**
 * The linked account /payment opens with: the one the link named (Pay Bill from a bill), else the
 * one owing that is due first, else the first. Null when the resident has none.
 */
export function preselectedAccount(
  accounts: readonly BillingAccountSummary[],
  named: string,
): BillingAccountSummary | null {
  const same = accounts.find((account) => account.accountNumber === named || account.customerId === named);
  if (same) return same;
  const owing = accounts
    .filter((account) => account.amountDueCents > 0)
    .sort((a, b) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999"));
  return owing[0] ?? accounts[0] ?? null;
}

/**
 * Utility payment (spec 2 §2): customer ID → lookup → amount → Next shows the card form. The lookup
 * succeeds only with ErrorCode 0000; a trailing minus (credit) is nothing payable. A signed-in
 * resident picks one of her linked accounts (her organization's in organization context) instead
 * of typing, and the page opens with one already looked up; the amounts shown are display only.
 */
export function GuestPayment({
  initialAccountNumber = "",
  utilityLink = true,
  linked: linkedAmounts = null,
  onPaid,
}: {
  initialAccountNumber?: string;
  /** False when the link named another kind of account (a permit): nothing is looked up for it. */
  utilityLink?: boolean;
  /** What the link said about the bill (display only, beside the live amount due). */
  linked?: LinkAmounts | null;
  onPaid: (result: PaymentResult) => void;
}) {
  const { t } = useTranslation();
  const lookup = useLookupAccount();
  // A guest cannot pay an account with nothing due (spec 2 §5); a signed-in payer may pay ahead, at least $1.
  const { authUser, selectedOrganization } = useAuth();
  const signedIn = Boolean(authUser);
  // EnableCORE: the provider's hosted bill-pay frame takes the card instead of the legacy form (spec 2 §2).
  const core = isFlagEnabled(useFeatureFlags(authUser?.Id ?? null).data, "EnableCORE");
  const linked = useQuery({
    ...paymentInformationQueryOptions(authUser?.Id ?? "", selectedOrganization),
    enabled: signedIn,
  });
  const [accountNumber, setAccountNumber] = useState(initialAccountNumber);
  const [inputError, setInputError] = useState<string | undefined>();
  const [account, setAccount] = useState<FoundAccount | null>(null);
  const amount = useMinimumAmount(account?.dueCents ?? 0, "empty");
  const { cents: amountCents, valid: amountValid } = amount;
  const [showCard, setShowCard] = useState(false);

  const find = (event: FormEvent) => {
    event.preventDefault();
    const typed = accountNumber.replace(/\s+/g, "");
    if (!ACCOUNT_NUMBER.test(typed)) {
      setInputError(typed ? "Payment.CustomerIdInvalid" : "ErrorValidation.Required");
      return;
    }
    lookUp(typed);
  };

  // The page opens with an account looked up: the one a link named, or the resident's own.
  const opened = useRef(false);
  const waitingForLinked = signedIn && linked.isPending;
  useEffect(() => {
    if (opened.current || waitingForLinked || !utilityLink) return;
    opened.current = true;
    const own = preselectedAccount(linked.data ?? [], initialAccountNumber.replace(/\s+/g, ""));
    const first = own?.accountNumber ?? initialAccountNumber.replace(/\s+/g, "");
    if (!ACCOUNT_NUMBER.test(first)) return;
    setAccountNumber(first);
    lookUp(first);
  });

  const lookUp = (typed: string) => {
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
        amount.set(dueCents);
      },
    });
  };

  const notFound = lookup.isError && lookup.error instanceof ApiError && lookup.error.status === 404;

  const ownAccounts = linked.data ?? [];
  // The link's figures describe the account it named, not one she picks or types afterwards.
  const named = normalizeCustomerId(initialAccountNumber);
  const notice =
    linkedAmounts &&
    account &&
    named &&
    (named === normalizeCustomerId(account.accountNumber) || named === normalizeCustomerId(account.customerId))
      ? linkedAmounts
      : null;
  return (
    <div className="guest-payment">
      {ownAccounts.length > 0 && (
        <RadioGroupField
          id="own-accounts"
          legend={t("Payment.YourAccounts")}
          options={ownAccounts.map((own) => ({
            value: own.accountNumber,
            label: t(own.serviceAddress ? "Payment.YourAccountOption" : "Payment.YourAccountOptionNoAddress", {
              accountNumber: own.accountNumber,
              address: own.serviceAddress,
              amount: formatCents(Math.max(0, own.amountDueCents)),
            }),
          }))}
          value={
            ownAccounts.some((own) => own.accountNumber === account?.accountNumber)
              ? (account?.accountNumber ?? "")
              : ""
          }
          onValueChange={(chosen) => {
            setAccountNumber(chosen);
            lookUp(chosen);
          }}
        />
      )}
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
          {notice && <LinkNotice notice={notice} dueCents={account.dueCents} />}
          {!showCard ? (
            <>
              <MinimumAmountField id="guest-amount" texts={AMOUNT_TEXTS} amount={amount} />
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
              {core ? (
                <CoreBillPay
                  accountNumber={account.accountNumber}
                  amountCents={amountCents ?? 0}
                  onPaid={onPaid}
                  onCancel={() => setShowCard(false)}
                />
              ) : (
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
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * The amount a link named (spec 2 §2 `amount`, `penaltyAmount`, `accountYear`), beside the live
 * amount due: shown, never charged. When the two differ the page says the live one is what counts.
 */
function LinkNotice({ notice, dueCents }: { notice: LinkAmounts; dueCents: number }) {
  const { t } = useTranslation();
  const totalCents = notice.amountCents + notice.penaltyCents;
  return (
    <div className="payment-link-notice">
      <p>
        {notice.penaltyCents > 0
          ? t("Payment.LinkAmountWithPenalty", {
              amount: formatCents(notice.amountCents),
              penalty: formatCents(notice.penaltyCents),
              total: formatCents(totalCents),
            })
          : t("Payment.LinkAmount", { amount: formatCents(notice.amountCents) })}
        {notice.year !== null && <> {t("Payment.LinkYear", { year: notice.year })}</>}
      </p>
      {totalCents !== dueCents && <p>{t("Payment.LinkAmountChanged", { amount: formatCents(dueCents) })}</p>}
    </div>
  );
}
