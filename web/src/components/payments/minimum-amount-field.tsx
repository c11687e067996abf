import { MINIMUM_PAYMENT_CENTS } from "@contract/payment-constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyField } from "@/components/ui/form/money-field";
import { formatCents } from "@/utils/format";

/** The least a payment of a water account may be: what is due, and never less than $1.00 (spec 2 §5). */
export const minimumPaymentCents = (dueCents: number): number => Math.max(dueCents, MINIMUM_PAYMENT_CENTS);

/** Whether an amount as MoneyField gives it (cents; null when empty, NaN when not an amount) may be paid. */
const meetsMinimum = (amountCents: number | null, minimumCents: number): amountCents is number =>
  amountCents !== null && !Number.isNaN(amountCents) && amountCents >= minimumCents;

/** The page's translation keys of the field: its label, its hint and its refusal (both with `{{minimum}}`). */
export interface MinimumAmountTexts {
  label: string;
  hint: string;
  tooLow: string;
}

/** A payment's amount as typed, with its minimum: what a MinimumAmountField shows and sets. */
export interface MinimumAmount {
  /** Cents as MoneyField gives them: null when empty, NaN when not an amount. */
  cents: number | null;
  set: (cents: number | null) => void;
  minimumCents: number;
  /** The amount may be paid: a number of cents, at least the minimum. */
  valid: boolean;
}

/** The amount of a payment of an account that owes `dueCents`, empty at first or at its minimum. */
export function useMinimumAmount(dueCents: number, start: "empty" | "minimum"): MinimumAmount {
  const minimumCents = minimumPaymentCents(dueCents);
  const [cents, set] = useState<number | null>(start === "minimum" ? minimumCents : null);
  return { cents, set, minimumCents, valid: meetsMinimum(cents, minimumCents) };
}

/**
 * The amount of a payment, as the payment page and the phone console take it: the hint names the
 * minimum, and an amount under it is refused naming it again.
 */
export function MinimumAmountField({
  id,
  texts,
  amount,
  disabled,
}: {
  id: string;
  texts: MinimumAmountTexts;
  amount: MinimumAmount;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const minimum = formatCents(amount.minimumCents);
  return (
    <MoneyField
      id={id}
      label={t(texts.label)}
      hint={t(texts.hint, { minimum })}
      required
      value={amount.cents}
      disabled={disabled}
      onChange={amount.set}
      error={amount.cents !== null && !amount.valid ? t(texts.tooLow, { minimum }) : undefined}
    />
  );
}
