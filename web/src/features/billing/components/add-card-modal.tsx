import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSavePaymentMethod } from "@/api/payment-methods";
import { CardFrame, type CardNonce } from "@/components/payments/card-frame";
import { Dialog } from "@/components/ui/dialog";
import { useToasts } from "@/components/ui/toasts";
import { ApiError } from "@/lib/api-client";

/**
 * Spec 2 §8 (X2): the gateway refusing the card (422, its validation result) is
 * APICouldNotValidateError; any other failure is GeneralPaymentError.
 */
export const addCardFailureKey = (error: unknown) =>
  error instanceof ApiError && error.status === 422
    ? "Payment.APICouldNotValidateError"
    : "Payment.GeneralPaymentError";

/**
 * The add-payment-method modal of billing settings with EnableCORE off (spec 2 §2): the legacy
 * gateway's hosted card form (the card is typed only there) gives a one-time nonce, which the
 * portal saves as a payment profile. The first card saved becomes the default.
 */
export function AddCardModal({
  userId,
  firstCard,
  onClose,
}: {
  userId: string;
  firstCard: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const save = useSavePaymentMethod(userId);
  const [failure, setFailure] = useState<string | null>(null);
  // A refused nonce is used up: a fresh frame takes the card again.
  const [attempt, setAttempt] = useState(0);

  const onNonce = useCallback(
    (card: CardNonce) => {
      setFailure(null);
      save.mutate(
        { nonce: card.nonce, makeDefault: firstCard },
        {
          onSuccess: () => {
            toasts.show("successAdd", t("Billing.Methods.Saved", { card: `${card.cardType} ${card.last4}` }));
            onClose();
          },
          onError: (error) => {
            setFailure(addCardFailureKey(error));
            setAttempt((count) => count + 1);
          },
        },
      );
    },
    [save, firstCard, toasts, t, onClose],
  );

  return (
    <Dialog
      title={t("Billing.Methods.AddTitle")}
      onClose={onClose}
      actions={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t("Modal.Close")}
        </button>
      }
    >
      {failure ? (
        <p role="alert" className="error-text">
          {t(failure)}
        </p>
      ) : null}
      {save.isPending ? <p aria-live="polite">{t("Billing.Methods.Saving")}</p> : null}
      <CardFrame key={attempt} onNonce={onNonce} />
    </Dialog>
  );
}
