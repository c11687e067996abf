import { GATEWAY_MESSAGE_SOURCE } from "@contract/payment-constants";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCardForm } from "@/api/get-card-form";

/** Spec 2 §9: the hosted card frame is 570 px high until it reports its own height. */
export const DEFAULT_FRAME_HEIGHT = 570;

export interface CardNonce {
  nonce: string;
  last4: string;
  cardType: string;
}

/**
 * The gateway's hosted card form (card numbers are typed only there). It posts a one-time nonce;
 * messages from any other origin or in another shape are ignored.
 */
export function CardFrame({ onNonce }: { onNonce: (card: CardNonce) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "es" ? "es" : "en";
  const form = useCardForm(language);
  const [height, setHeight] = useState(DEFAULT_FRAME_HEIGHT);
  const origin = form.data?.origin;

  useEffect(() => {
    if (!origin) return;
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data = event.data as Record<string, unknown> | null;
      if (!data || data.source !== GATEWAY_MESSAGE_SOURCE) return;
      if (data.type === "height" && typeof data.height === "number" && data.height > 0 && data.height < 5000) {
        setHeight(Math.ceil(data.height));
      }
      if (data.type === "nonce" && typeof data.nonce === "string") {
        onNonce({ nonce: data.nonce, last4: String(data.last4 ?? ""), cardType: String(data.cardType ?? "") });
      }
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [origin, onNonce]);

  if (form.isError) {
    return (
      <p role="alert" className="error-text">
        {t("Payment.CardFormUnavailable")}
      </p>
    );
  }
  if (!form.data) return <p>{t("Payment.Loading")}</p>;
  return (
    <iframe
      className="payment-frame"
      title={t("Payment.CardFrameTitle")}
      src={form.data.url}
      style={{ height, width: "100%", border: 0 }}
    />
  );
}
