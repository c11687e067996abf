import type { PaymentLinkUse } from "@contract/payment-links";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ApiError, api } from "@/lib/api-client";

/**
 * A payment link staff sent (issue 31). The API is asked only when the person presses the button
 * (never on load, so a messaging app's link preview is not a visit): it answers where /payment opens
 * for the item until the item is paid (the link's one use); a link whose item was paid, or a late
 * one, is refused here.
 */
export function PaymentLinkPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const use = useMutation({
    mutationFn: () => api.post<PaymentLinkUse>(`/payment-links/${encodeURIComponent(token)}/use`),
    onSuccess: (answer) => navigate(answer.path, { replace: true }),
  });
  const refusal =
    use.error instanceof ApiError
      ? use.error.status === 409
        ? t("PaymentLink.Used")
        : use.error.status === 422
          ? t("PaymentLink.Expired")
          : use.error.status === 404 || use.error.status === 400
            ? t("PaymentLink.Unknown")
            : t("PaymentLink.Failed")
      : use.isError
        ? t("PaymentLink.Failed")
        : null;
  return (
    <div className="payment-link">
      <p>{t("PaymentLink.Intro")}</p>
      {refusal ? (
        <p role="alert" className="payment-link__refusal">
          {refusal}
        </p>
      ) : (
        <button type="button" className="button button--primary" disabled={use.isPending} onClick={() => use.mutate()}>
          {t("PaymentLink.Continue")}
        </button>
      )}
    </div>
  );
}

export default PaymentLinkPage;
