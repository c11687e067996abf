import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";

/**
 * A fee page (form fee, case fee) while its fee loads, or why it could not be shown, in the page's
 * words: `${texts}.SignIn` (401), `${texts}.NotFound` (404 or 400: no such fee), else `${texts}.Unavailable`.
 */
export function FeeLoadStatus({ error, texts }: { error: unknown; texts: "Payment.FormFee" | "Payment.Permit" }) {
  const { t } = useTranslation();
  if (!error) return <p>{t("Payment.Loading")}</p>;
  const status = error instanceof ApiError ? error.status : 0;
  const reason = status === 401 ? "SignIn" : status === 404 || status === 400 ? "NotFound" : "Unavailable";
  return (
    <p role="alert" className="error-text">
      {t(`${texts}.${reason}`)}
    </p>
  );
}
