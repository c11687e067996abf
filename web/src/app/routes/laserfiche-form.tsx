import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import "@/features/laserfiche/laserfiche.css";
import { useFormUrl } from "@/features/laserfiche/api/get-form-url";
import { useSubmitToPortal } from "@/features/laserfiche/api/submit-to-portal";
import {
  DEFAULT_FRAME_HEIGHT,
  FRAME_HEIGHT_PADDING,
  formFeePaymentHref,
  readFormMessage,
} from "@/features/laserfiche/form-messages";

type Stage = "loading" | "submitted";

/** /laserfiche/form: a hosted form of the forms service in a frame (spec 1 §2.12). */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const formTitle = search.get("formTitle")?.trim() || t("FormPage.DefaultTitle");
  const bpid = search.get("bpid")?.trim() ?? "";
  const params = search.get("params") ?? "";
  const paymentCode = search.get("paymentCode")?.trim() ?? "";
  const formUrl = useFormUrl(bpid, params, Boolean(bpid));
  const submit = useSubmitToPortal();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | "100%">(DEFAULT_FRAME_HEIGHT);
  const [stage, setStage] = useState<Stage>("loading");
  const [status, setStatus] = useState<string | null>(null);
  const submitted = useRef(false);
  const origin = formUrl.data?.origin;

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const message = readFormMessage(event, origin);
      if (!message) return;
      if (message.kind === "height") {
        setHeight((current) => (current === "100%" ? current : message.height + FRAME_HEIGHT_PADDING));
        return;
      }
      if (submitted.current) return;
      submitted.current = true;
      setStage("submitted");
      setHeight("100%");
      void (async () => {
        let feeTotal = message.feeTotal;
        try {
          const answer = await submit.mutateAsync({
            portalSubmissionId: message.portalSubmissionId,
            bpid: message.bpid,
          });
          // The fee the forms service recorded wins over the frame's message.
          if (answer.feeTotal !== null) feeTotal = answer.feeTotal;
          setStatus(t("form-submitted"));
        } catch {
          // The form is in the forms service already; the portal's record catches up later.
          setStatus(t("FormPage.SubmitRecordFailed"));
        }
        if (feeTotal > 0) {
          setStatus(t("FormPage.GoingToPayment"));
          navigate(formFeePaymentHref(paymentCode, message.portalSubmissionId));
        }
      })();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin, submit.mutateAsync, navigate, t, paymentCode]);

  return (
    <>
      <PageHeading documentTitle={formTitle}>{formTitle}</PageHeading>
      <div role="status" className="embedded-form__status">
        {stage === "submitted" && status ? <p>{status}</p> : null}
      </div>
      {!bpid ? <p role="alert">{t("FormPage.MissingProcess")}</p> : null}
      {bpid && formUrl.isError ? <p role="alert">{t("FormPage.LoadError")}</p> : null}
      {bpid && formUrl.isPending ? <p>{t("FormPage.Loading")}</p> : null}
      {formUrl.data ? (
        <iframe
          ref={frame}
          className="embedded-form__frame"
          title={t("FormPage.FrameTitle", { title: formTitle })}
          src={formUrl.data.url}
          data-stage={stage}
          style={{
            height: typeof height === "number" ? `${height}px` : height,
            minHeight: stage === "submitted" ? 300 : undefined,
          }}
          sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
        />
      ) : null}
    </>
  );
}
