import { autopayKind, cardExpiresBeforeDue } from "@contract/autopay";
import { STREET_NUMBER_MISMATCH } from "@contract/billing-account";
import { splitAccountNumber } from "@contract/billing-account-forms";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { ApiError } from "@/lib/api-client";
import { type AccountWithAutopay, useAccountsWithAutopay } from "../api/autopay";
import { useAddWaterAccount, useRemoveWaterAccount } from "../api/water-accounts";
import { AutopayModal } from "./autopay-modal";
import { calendarDate } from "./calendar-date";

/** The add-account error of spec 2 §8 for an API failure. */
function addErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return "duplicate-payment-account";
  if (error instanceof ApiError && error.status === 400 && error.message === STREET_NUMBER_MISMATCH)
    return "naviline-account-mismatch";
  if (error instanceof ApiError && error.status === 404) return "Billing.Accounts.NotFound";
  return "error-add";
}

function AddWaterAccountDialog({
  userId,
  organizationId,
  onClose,
}: {
  userId: string;
  organizationId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toasts = useToasts();
  const add = useAddWaterAccount(userId, organizationId);
  const [accountNumber, setAccountNumber] = useState("");
  const [streetNumber, setStreetNumber] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const filled = accountNumber.trim() !== "" && streetNumber.trim() !== "";

  const submit = async () => {
    setError(null);
    const ids = splitAccountNumber(accountNumber);
    setFieldError(ids ? null : t("Billing.Accounts.AccountNumberInvalid"));
    if (!ids) return;
    try {
      await add.mutateAsync({ ...ids, streetNumber: streetNumber.replace(/\s+/g, "") });
    } catch (cause) {
      setError(t(addErrorKey(cause)));
      return;
    }
    toasts.show("successAdd", t("success-add"));
    onClose();
  };

  return (
    <Dialog
      title={t("Billing.Accounts.AddTitle")}
      onClose={onClose}
      footer={{
        closeLabel: t("Modal.Close"),
        primaryLabel: t("Billing.Accounts.Submit"),
        primaryDisabled: !filled || add.isPending,
        onSubmit: () => void submit(),
      }}
    >
      {error ? (
        <p role="alert" className="error-text">
          {error}
        </p>
      ) : null}
      <TextField
        id={`${id}-account`}
        label={t("Billing.Accounts.AccountNumber")}
        hint={t("Billing.Accounts.AccountNumberHint")}
        error={fieldError}
        required
        inputMode="numeric"
        autoComplete="off"
        value={accountNumber}
        onChange={(event) => setAccountNumber(event.target.value)}
      />
      <TextField
        id={`${id}-street`}
        label={t("Billing.Accounts.StreetNumber")}
        hint={t("Billing.Accounts.StreetNumberHint")}
        required
        autoComplete="off"
        value={streetNumber}
        onChange={(event) => setStreetNumber(event.target.value)}
      />
    </Dialog>
  );
}

/** The autopay summary's warning when the card on file lapses before the next due date (spec 2). */
function CardExpiryWarning({ account }: { account: AccountWithAutopay }) {
  const { t } = useTranslation();
  const expiry = account.Autopay?.CardExpiry;
  if (autopayKind(account.Autopay?.AutopayStatus) !== "card" || !cardExpiresBeforeDue(expiry, account.dueDate))
    return null;
  const [year, month] = (expiry ?? "").split("-");
  return (
    <p className="billing-banner autopay-card-warning">
      {t("Billing.Autopay.CardExpiresBeforeDue", {
        expiry: `${month}/${year}`,
        dueDate: calendarDate(account.dueDate ?? ""),
      })}
    </p>
  );
}

/** Water billing accounts on the account page (spec 2 "Billing settings"): list, add, remove with confirmation. */
export function WaterAccounts({
  userId,
  organizationId,
  bankEnabled,
  coreEnabled,
}: {
  userId: string;
  organizationId: string;
  bankEnabled: boolean;
  coreEnabled: boolean;
}) {
  const { t } = useTranslation();
  const accounts = useAccountsWithAutopay(userId, organizationId);
  const [autopayOf, setAutopayOf] = useState<AccountWithAutopay | null>(null);
  const remove = useRemoveWaterAccount(userId, organizationId);
  const modals = useModals();
  const toasts = useToasts();
  const [adding, setAdding] = useState(false);

  const onRemove = async (account: { customerId: string; locationId: string; accountNumber: string }) => {
    const confirmed = await modals.showWarning({
      title: t("Billing.Accounts.RemoveTitle"),
      body: t("Billing.Accounts.RemoveBody", { accountNumber: account.accountNumber }),
      confirmLabel: t("Billing.Accounts.RemoveConfirm"),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(account);
      toasts.show("successRemove", t("success-remove"));
    } catch {
      toasts.show("errorRemove", t("error-remove"));
    }
  };

  return (
    <section aria-labelledby="water-accounts-title" className="account-form">
      <h2 id="water-accounts-title">{t("Billing.Accounts.Title")}</h2>
      {/* Null: signed out (spec 2 §8 X7), no error and no "none" while the session check sends her to sign in. */}
      {accounts.isPending || accounts.data === null ? <p>{t("Account.Loading")}</p> : null}
      {accounts.isError ? <p role="alert">{t("Util.ErrorTryAgainLater")}</p> : null}
      {accounts.data?.length === 0 ? <p>{t("Billing.Accounts.None")}</p> : null}
      {accounts.data?.length ? (
        <ul className="billing-list">
          {accounts.data.map((account) => (
            <li key={account.Id}>
              <span>
                {account.accountNumber}
                {account.serviceAddress ? ` · ${account.serviceAddress}` : ""}
              </span>
              <span>{t(`Billing.Autopay.Status.${autopayKind(account.Autopay?.AutopayStatus) ?? "none"}`)}</span>
              <CardExpiryWarning account={account} />
              <button
                type="button"
                className="button button--secondary"
                aria-label={t("Billing.Autopay.OpenLabel", { accountNumber: account.accountNumber })}
                onClick={() => setAutopayOf(account)}
              >
                {t("Billing.Autopay.Open")}
              </button>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t("Billing.Accounts.RemoveLabel", { accountNumber: account.accountNumber })}
                onClick={() => void onRemove(account)}
              >
                {t("Billing.Accounts.Remove")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
          {t("Billing.Accounts.Add")}
        </button>
      </div>
      {autopayOf ? (
        <AutopayModal
          userId={userId}
          organizationId={organizationId}
          account={autopayOf}
          bankEnabled={bankEnabled}
          coreEnabled={coreEnabled}
          onClose={() => setAutopayOf(null)}
        />
      ) : null}
      {adding ? (
        <AddWaterAccountDialog userId={userId} organizationId={organizationId} onClose={() => setAdding(false)} />
      ) : null}
    </section>
  );
}
