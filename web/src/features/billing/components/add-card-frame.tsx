import { CORE_MESSAGE_SOURCE } from "@contract/payment-frame-events";
import { type UseQueryResult, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CORE_FRAME_HEIGHT, CoreFrame, FRAME_ERROR_EXTRA, FRAME_PAGE_EXTRA } from "@/components/payments/core-frame";
import { ApiError } from "@/lib/api-client";
import { useAddCardFrame } from "../api/get-add-card-frame";

type FrameState = { kind: "ready" } | { kind: "saved" } | { kind: "error"; message: string };

/**
 * The provider's hosted add-card frame (EnableCORE). The card is typed only inside the frame; the
 * page listens to its messages from the provider's origin and refreshes the stored methods on success.
 */
export function AddCardFrame({ onSaved }: { onSaved?: () => void }) {
  const { i18n } = useTranslation();
  const frame = useAddCardFrame(i18n.language !== "es");
  return <AddCardFrameView frame={frame} onSaved={onSaved} />;
}

/**
 * The frame of a session obtained elsewhere (the mobile page trades a code for it); `savedText`
 * replaces the default "card saved" sentence and `errorText` the default failure sentence.
 */
export function AddCardFrameView({
  frame,
  onSaved,
  savedText,
  errorText,
}: {
  frame: UseQueryResult<{ iframeUrl: string }>;
  onSaved?: () => void;
  savedText?: string;
  errorText?: (error: unknown) => string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [height, setHeight] = useState(CORE_FRAME_HEIGHT);
  const [state, setState] = useState<FrameState>({ kind: "ready" });
  const frameOrigin = frame.data ? new URL(frame.data.iframeUrl).origin : null;

  useEffect(() => {
    if (!frameOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== frameOrigin) return;
      const data = event.data as { source?: string; type?: string; height?: number; message?: string };
      if (data?.source !== CORE_MESSAGE_SOURCE) return;
      if (data.type === "height" && typeof data.height === "number") setHeight(data.height + FRAME_PAGE_EXTRA);
      if (data.type === "paymentSuccess") {
        setState({ kind: "saved" });
        void queryClient.invalidateQueries({ queryKey: ["corePaymentMethods"] });
        onSaved?.();
      }
      if (data.type === "paymentError") {
        setHeight((current) => current + FRAME_ERROR_EXTRA);
        setState({ kind: "error", message: typeof data.message === "string" ? data.message : "" });
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frameOrigin, queryClient, onSaved]);

  if (frame.isPending) return <p>{t("Billing.Methods.FrameLoading")}</p>;
  if (frame.isError)
    return (
      <p role="alert" className="error-text">
        {errorText?.(frame.error) ??
          t(
            frame.error instanceof ApiError && frame.error.status === 503
              ? "Billing.Methods.ProviderDown"
              : "Billing.Methods.SaveError",
          )}
      </p>
    );
  return (
    <>
      <div aria-live="polite">
        {state.kind === "saved" ? <p>{savedText ?? t("Billing.Methods.CardSaved")}</p> : null}
      </div>
      {state.kind === "error" ? (
        <p role="alert" className="error-text">
          {t("Billing.Methods.SaveError")} {state.message}
        </p>
      ) : null}
      {state.kind !== "saved" ? (
        <CoreFrame
          title={t("Billing.Methods.FrameTitle")}
          src={frame.data.iframeUrl}
          height={height}
          failed={state.kind === "error"}
        />
      ) : null}
    </>
  );
}
