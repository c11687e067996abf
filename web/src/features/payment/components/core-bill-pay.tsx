import type { PaymentResult } from "@contract/payment";
import { CORE_MESSAGE_SOURCE } from "@contract/payment-frame-events";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CORE_FRAME_HEIGHT, CoreFrame, FRAME_ERROR_EXTRA } from "@/components/payments/core-frame";
import { ApiError } from "@/lib/api-client";
import { useCompleteCoreBillPay, useCoreBillPayFrame } from "../api/core-bill-pay";
import { PayAgainNotice, previousPaymentOf } from "./pay-again";

/** Spec 2 §2, §9: the payment page adds 145 to the height the frame reports. */
export const PAYMENT_PAGE_EXTRA = 145;

type FrameState =
  | { kind: "ready" }
  | { kind: "submitting" }
  | { kind: "recording" }
  | { kind: "error"; message: string }
  | { kind: "notRecorded" };

/**
 * The provider's hosted bill-pay frame on /payment (EnableCORE, spec 2 §2, §4): the card is typed
 * only inside the frame, for the account and amount the server put in its session. The page follows
 * the frame's overlay, submit, success and error events (from the provider's origin only); on success
 * the server checks the transaction with the provider and records it, then the confirmation shows.
 * Each mount opens a new session, which replaces the bill's older one (another tab's frame can no
 * longer pay): the bill is claimed before the frame can charge it.
 */
export function CoreBillPay({
  accountNumber,
  amountCents,
  onPaid,
  onCancel,
  pageExtra = PAYMENT_PAGE_EXTRA,
  english,
}: {
  accountNumber: string;
  amountCents: number;
  /** What the page adds to the height the frame reports: 145 on /payment, 60 on the frame pages. */
  pageExtra?: number;
  /** The frame's language when the page was told it (the frame pages' `english`); else the page's. */
  english?: boolean;
  onPaid: (result: PaymentResult) => void;
  /** "Pay again?" answered no. */
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [confirmPayAgain, setConfirmPayAgain] = useState(false);
  const frame = useCoreBillPayFrame(accountNumber, amountCents, english ?? i18n.language !== "es", confirmPayAgain);
  const complete = useCompleteCoreBillPay();
  const [height, setHeight] = useState(CORE_FRAME_HEIGHT);
  const [overlay, setOverlay] = useState(false);
  const [state, setState] = useState<FrameState>({ kind: "ready" });
  const frameOrigin = frame.data ? new URL(frame.data.iframeURL).origin : null;
  const paymentId = frame.data?.paymentId ?? null;
  const recorded = useRef<string | null>(null);
  // After a frame error every height it reports is made taller, so the frame stays scrollable.
  const failed = useRef(false);
  const completeRef = useRef(complete.mutate);
  completeRef.current = complete.mutate;
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;
  const pageExtraRef = useRef(pageExtra);
  pageExtraRef.current = pageExtra;

  useEffect(() => {
    if (!frameOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frameOrigin) return;
      const data = event.data as {
        source?: string;
        type?: string;
        height?: number;
        message?: string;
        transactionId?: string;
      };
      if (data?.source !== CORE_MESSAGE_SOURCE) return;
      if (data.type === "height" && typeof data.height === "number")
        setHeight(data.height + pageExtraRef.current + (failed.current ? FRAME_ERROR_EXTRA : 0));
      if (data.type === "overlayOn") setOverlay(true);
      if (data.type === "overlayOff") setOverlay(false);
      if (data.type === "paymentSubmit") setState({ kind: "submitting" });
      if (data.type === "paymentError") {
        failed.current = true;
        setHeight((current) => current + FRAME_ERROR_EXTRA);
        setState({ kind: "error", message: typeof data.message === "string" ? data.message : "" });
      }
      if (data.type === "paymentSuccess" && typeof data.transactionId === "string") {
        // The message is only a hint: the server asks the provider before anything is recorded.
        if (recorded.current === data.transactionId) return;
        recorded.current = data.transactionId;
        setOverlay(false);
        setState({ kind: "recording" });
        completeRef.current(
          { paymentId: paymentId ?? "", transactionId: data.transactionId },
          {
            onSuccess: (result) => onPaidRef.current(result),
            onError: () => setState({ kind: "notRecorded" }),
          },
        );
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frameOrigin, paymentId]);

  if (frame.isPending) return <p>{t("Payment.Core.Loading")}</p>;
  if (frame.isError) {
    // "Pay again?": the bill took money in this cycle; a confirmed payment opens a new session.
    const previous = previousPaymentOf(frame.error);
    if (previous && !confirmPayAgain)
      return <PayAgainNotice previous={previous} onYes={() => setConfirmPayAgain(true)} onNo={onCancel} />;
    return (
      <p role="alert" className="error-text">
        {frame.error instanceof ApiError && frame.error.status === 503
          ? t("Payment.Unavailable")
          : frame.error instanceof ApiError && frame.error.status === 409
            ? t("Payment.Core.BeingPaid")
            : t("Payment.Failed")}
      </p>
    );
  }
  return (
    <div className="core-bill-pay" aria-busy={overlay || state.kind === "recording"}>
      <p>{t("Payment.Core.Intro")}</p>
      <div aria-live="polite">
        {overlay || state.kind === "submitting" ? <p>{t("Payment.Core.Processing")}</p> : null}
        {state.kind === "recording" ? <p>{t("Payment.Core.Recording")}</p> : null}
      </div>
      {state.kind === "error" ? (
        <p role="alert" className="error-text">
          {t("Payment.Core.Error")} {state.message}
        </p>
      ) : null}
      {state.kind === "notRecorded" ? (
        <p role="alert" className="error-text">
          {t("Payment.Core.NotRecorded")}
        </p>
      ) : null}
      {state.kind !== "recording" && state.kind !== "notRecorded" ? (
        <CoreFrame
          title={t("Payment.Core.FrameTitle")}
          src={frame.data.iframeURL}
          data-frame-height={height}
          height={height}
          failed={state.kind === "error"}
        />
      ) : null}
    </div>
  );
}
