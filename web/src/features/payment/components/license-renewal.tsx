import type { LicenseFeeAnswer, LicenseRenewal, PaymentResult } from "@contract/payment";
import { MINIMUM_LICENSE_YEAR } from "@contract/payment-constants";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/form/text-field";
import { formatDollars } from "@/utils/format";
import { useCalcLicenseFees } from "../api/calc-license-fees";
import { Checkout } from "./checkout";

/** Spec 2 §5: the year is at least MINIMUM_LICENSE_YEAR (2020) and defaults to last year. */
const defaultYear = () => String(new Date().getFullYear() - 1);

/**
 * /businesslicense (spec 2 §2, §5): year, account number and PIN are all required; fees below 1
 * have nothing to pay; otherwise the user pays the fees and penalty the billing system calculates.
 */
export function LicenseRenewalForm({ onPaid }: { onPaid: (result: PaymentResult) => void }) {
  const { t } = useTranslation();
  const calc = useCalcLicenseFees();
  const [year, setYear] = useState(defaultYear);
  const [licenseNumber, setLicenseNumber] = useState("");
  const [licensePIN, setLicensePIN] = useState("");
  const [missing, setMissing] = useState(false);
  const [fees, setFees] = useState<{ request: LicenseRenewal; answer: LicenseFeeAnswer } | null>(null);

  const yearNumber = Number(year);
  const yearValid = Number.isInteger(yearNumber) && yearNumber >= MINIMUM_LICENSE_YEAR && yearNumber <= 2099;

  const calculate = (event: FormEvent) => {
    event.preventDefault();
    setFees(null);
    if (!year.trim() || !licenseNumber.trim() || !licensePIN.trim() || !yearValid) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const request = { licenseYear: String(yearNumber % 100).padStart(2, "0"), licenseNumber, licensePIN };
    calc.mutate(request, { onSuccess: (answer) => setFees({ request, answer }) });
  };

  // The license's account number and PIN: two plain required text boxes.
  const credentials = [
    { id: "license-number", label: t("License.AccountNumber"), value: licenseNumber, onChange: setLicenseNumber },
    { id: "license-pin", label: t("License.Pin"), value: licensePIN, onChange: setLicensePIN },
  ];

  const totalCents = fees ? Math.round((fees.answer.fees + fees.answer.penalty) * 100) : 0;
  const payable = fees?.answer.success === true && fees.answer.fees >= 1;

  return (
    <div className="license-renewal">
      <form className="payment-form" onSubmit={calculate} noValidate>
        {missing && (
          <p role="alert" className="error-text">
            {t("License.Required")}
          </p>
        )}
        <TextField
          id="license-year"
          label={t("License.Year")}
          type="number"
          min={MINIMUM_LICENSE_YEAR}
          step={1}
          required
          value={year}
          error={missing && !yearValid ? t("License.YearInvalid", { minimum: MINIMUM_LICENSE_YEAR }) : undefined}
          onChange={(event) => setYear(event.target.value)}
        />
        {credentials.map(({ id, label, value, onChange }) => (
          <TextField
            key={id}
            id={id}
            label={label}
            required
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        ))}
        <button type="submit" className="button button--primary" disabled={calc.isPending}>
          {calc.isPending ? t("Payment.Loading") : t("License.Calculate")}
        </button>
      </form>
      {calc.isError && (
        <p role="alert" className="error-text">
          {t("License.SomethingWentWrong")}
        </p>
      )}
      {fees && !payable && (
        <p role="alert" className="notice">
          {fees.answer.success ? t("License.NoFees") : t("License.NotFound")}
        </p>
      )}
      {fees && payable && (
        <section aria-labelledby="license-fees-heading" className="payment-account">
          <h2 id="license-fees-heading">{t("License.FeesTitle")}</h2>
          <dl className="receipt">
            <div>
              <dt>{t("License.Fees")}</dt>
              <dd>{formatDollars(fees.answer.fees)}</dd>
            </div>
            <div>
              <dt>{t("License.Penalty")}</dt>
              <dd>{formatDollars(fees.answer.penalty)}</dd>
            </div>
            <div>
              <dt>{t("License.Total")}</dt>
              <dd>{formatDollars(totalCents / 100)}</dd>
            </div>
          </dl>
          <Checkout
            charge={{
              endpoint: "/payment",
              input: { paymentType: "BUSINESS_LICENSE", amountCents: totalCents, license: fees.request },
            }}
            onPaid={onPaid}
          />
        </section>
      )}
    </div>
  );
}
