import { autopayKind } from "@contract/autopay";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePaymentMethods } from "@/api/payment-methods";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField, RadioGroupField } from "@/components/ui/form/choice-fields";
import { SelectField } from "@/components/ui/form/select-field";
import { TextField } from "@/components/ui/form/text-field";
import { useToasts } from "@/components/ui/toasts";
import { type AccountWithAutopay, useSaveAutopay } from "../api/autopay";
import { useCorePaymentMethods } from "../api/saved-methods";
import {
  type AutopayProblem,
  autopayCardOptions,
  autopaySaveProblems,
  type BankEntry,
  bankProblems,
  initialTab,
} from "./autopay-form";

const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** The autopay modal of one water account (spec 2 §4, §5, §8). */
export function AutopayModal({
  userId,
  organizationId,
  account,
  bankEnabled,
  coreEnabled,
  onClose,
}: {
  userId: string;
  /** The organization whose account this is, or 'personal'. */
  organizationId: string;
  account: AccountWithAutopay;
  bankEnabled: boolean;
  /** EnableCORE: the card tab offers the CORE stored methods as well as the legacy profiles. */
  coreEnabled: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toasts = useToasts();
  const profiles = usePaymentMethods(userId);
  const coreMethods = useCorePaymentMethods(userId, coreEnabled);
  const save = useSaveAutopay(userId);
  const status = account.Autopay?.AutopayStatus ?? "";
  const enrolled = autopayKind(status) !== null;
  const [on, setOn] = useState(enrolled);
  const [tab, setTab] = useState<"card" | "bank">(initialTab(status, bankEnabled));
  const cards = autopayCardOptions(profiles.data, coreEnabled ? coreMethods.data : undefined);
  const [card, setCard] = useState(account.Autopay?.PaymentProfileId ?? "");
  const [bank, setBank] = useState<BankEntry>({
    routingNumber: "",
    routingNumberConfirm: "",
    accountNumber: "",
    accountNumberConfirm: "",
    accountType: "",
  });
  const [problems, setProblems] = useState<AutopayProblem[]>([]);
  const bankField = (name: keyof BankEntry) => ({
    value: bank[name],
    onChange: (event: { target: { value: string } }) =>
      setBank((current) => ({
        ...current,
        [name]: name === "accountType" ? event.target.value : digitsOnly(event.target.value),
      })),
  });

  const submit = async () => {
    setProblems([]);
    const ids = { navilineCustomerId: account.customerId, navilineLocationId: account.locationId, organizationId };
    if (!on) {
      if (!enrolled || !account.Autopay?.AutopayId) return onClose();
      try {
        await save.mutateAsync({ removeId: account.Autopay.AutopayId, organizationId });
        toasts.show("successRemove", t("success-remove"));
        onClose();
      } catch {
        setProblems([{ key: "error-remove" }]);
      }
      return;
    }
    let found: string[] = [];
    if (tab === "card") {
      if (cards.length === 0) found = ["Billing.Autopay.NoSavedCards"];
      else if (!cards.some((option) => option.value === card)) found = ["Billing.Autopay.SelectCard"];
    } else found = bankProblems(bank);
    if (found.length) return setProblems(found.map((key) => ({ key })));
    try {
      await save.mutateAsync({
        save:
          tab === "card"
            ? { ...ids, savedCard: card }
            : {
                ...ids,
                routingNumber: bank.routingNumber,
                accountNumber: bank.accountNumber,
                accountType: bank.accountType as "checking" | "savings",
              },
      });
      toasts.show("successUpdate", t("success-update"));
      onClose();
    } catch (cause) {
      setProblems(
        autopaySaveProblems(cause, tab, { known: (key) => i18n.exists(key), english: i18n.language === "en" }),
      );
    }
  };

  return (
    <Dialog
      title={t("Billing.Autopay.Title", { accountNumber: account.accountNumber })}
      onClose={onClose}
      footer={{
        closeLabel: t("Modal.Close"),
        primaryLabel: t("Billing.Autopay.Save"),
        primaryDisabled: save.isPending,
        onSubmit: () => void submit(),
      }}
    >
      {problems.length ? (
        <div role="alert" className="error-text">
          {problems.map((problem) =>
            "key" in problem ? <p key={problem.key}>{t(problem.key)}</p> : <p key={problem.text}>{problem.text}</p>,
          )}
        </div>
      ) : null}
      <CheckboxField
        id={`${id}-on`}
        label={t("Billing.Autopay.Toggle")}
        checked={on}
        onChange={(event) => setOn(event.target.checked)}
      />
      {on ? (
        <>
          <RadioGroupField
            id={`${id}-tab`}
            legend={t("Billing.Autopay.Method")}
            options={[
              { value: "card", label: t("Billing.Autopay.CardTab") },
              ...(bankEnabled ? [{ value: "bank", label: t("Billing.Autopay.BankTab") }] : []),
            ]}
            value={tab}
            onValueChange={(value) => setTab(value === "bank" ? "bank" : "card")}
          />
          {tab === "card" ? (
            cards.length ? (
              <SelectField
                id={`${id}-card`}
                label={t("Billing.Autopay.Card")}
                placeholder={t("Billing.Autopay.SelectCard")}
                options={cards}
                value={card}
                onChange={(event) => setCard(event.target.value)}
              />
            ) : (
              <p>{t("Billing.Autopay.NoSavedCards")}</p>
            )
          ) : (
            <>
              <TextField
                id={`${id}-routing`}
                label={t("Billing.Autopay.RoutingNumber")}
                inputMode="numeric"
                autoComplete="off"
                {...bankField("routingNumber")}
              />
              <TextField
                id={`${id}-routing2`}
                label={t("Billing.Autopay.RoutingNumberConfirm")}
                inputMode="numeric"
                autoComplete="off"
                {...bankField("routingNumberConfirm")}
              />
              <TextField
                id={`${id}-account`}
                label={t("Billing.Autopay.AccountNumber")}
                inputMode="numeric"
                autoComplete="off"
                {...bankField("accountNumber")}
              />
              <TextField
                id={`${id}-account2`}
                label={t("Billing.Autopay.AccountNumberConfirm")}
                inputMode="numeric"
                autoComplete="off"
                {...bankField("accountNumberConfirm")}
              />
              <SelectField
                id={`${id}-type`}
                label={t("Billing.Autopay.AccountType")}
                placeholder={t("Billing.Autopay.ChooseType")}
                options={[
                  { value: "checking", label: t("Billing.Autopay.Checking") },
                  { value: "savings", label: t("Billing.Autopay.Savings") },
                ]}
                {...bankField("accountType")}
              />
            </>
          )}
        </>
      ) : null}
    </Dialog>
  );
}
