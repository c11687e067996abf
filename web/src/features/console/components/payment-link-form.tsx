import type { PaymentLinkBody, PaymentLinkSent } from "@contract/payment-links";
import { PAYMENT_LINK_CHANNELS } from "@contract/payment-links";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { SubmitButton } from "@/components/ui/form/form-actions";
import { TextField } from "@/components/ui/form/text-field";
import { ApiError, api } from "@/lib/api-client";
import { formatShortDateTime } from "@/utils/format";

const KINDS = ["UTILITY", "PERMIT", "FORM_FEE"] as const;
type Kind = (typeof KINDS)[number];
type Channel = (typeof PAYMENT_LINK_CHANNELS)[number];

// POST /api/console/people/:id/payment-links
const sendPaymentLink = (uid: string, body: PaymentLinkBody) =>
  api.post<PaymentLinkSent>(`/console/people/${encodeURIComponent(uid)}/payment-links`, body);

/** The console's "send a payment link" (issue 31): one item, by email or text, through the message service. */
export function PaymentLinkForm({ uid, accounts }: { uid: string; accounts: string[] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>("UTILITY");
  const [channel, setChannel] = useState<Channel>("email");
  const [number, setNumber] = useState(accounts[0] ?? "");
  const [paymentCode, setPaymentCode] = useState("");
  const send = useMutation({ mutationFn: (body: PaymentLinkBody) => sendPaymentLink(uid, body) });
  const fieldError = send.error instanceof ApiError && send.error.status === 400 ? { message: "Invalid" } : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = number.trim();
    const item =
      kind === "FORM_FEE"
        ? { paymentType: kind, submissionId: value, paymentCode: paymentCode.trim() }
        : { paymentType: kind, accountNumber: value };
    send.mutate({ item, channel } as PaymentLinkBody);
  };
  const numberLabel =
    kind === "UTILITY"
      ? t("Console.Link.AccountNumber")
      : kind === "PERMIT"
        ? t("Console.Link.CaseNumber")
        : t("Console.Link.SubmissionId");

  return (
    <section aria-labelledby="person-link" className="console-section">
      <h2 id="person-link">{t("Console.Link.Title")}</h2>
      <p>{t("Console.Link.Intro")}</p>
      <form noValidate onSubmit={submit}>
        <RadioGroupField
          id="link-kind"
          legend={t("Console.Link.What")}
          options={KINDS.map((value) => ({ value, label: t(`Console.Link.Kind.${value}`) }))}
          value={kind}
          onValueChange={(value) => {
            setKind(value as Kind);
            setNumber(value === "UTILITY" ? (accounts[0] ?? "") : "");
          }}
        />
        <TextField
          id="link-number"
          label={numberLabel}
          required
          autoComplete="off"
          value={number}
          error={fieldError}
          onChange={(event) => setNumber(event.target.value)}
        />
        {kind === "FORM_FEE" ? (
          <TextField
            id="link-payment-code"
            label={t("Console.Link.PaymentCode")}
            autoComplete="off"
            value={paymentCode}
            onChange={(event) => setPaymentCode(event.target.value)}
          />
        ) : null}
        <RadioGroupField
          id="link-channel"
          legend={t("Console.Link.Channel")}
          options={PAYMENT_LINK_CHANNELS.map((value) => ({ value, label: t(`Console.Link.By.${value}`) }))}
          value={channel}
          onValueChange={(value) => setChannel(value as Channel)}
        />
        <SubmitButton pending={send.isPending}>{t("Console.Link.Send")}</SubmitButton>
      </form>
      {send.isSuccess ? (
        <p role="status" className="console-done">
          {t("Console.Link.Sent", {
            status: t(`Console.Status.${send.data.status}`),
            who: send.data.assistedBy,
            expires: formatShortDateTime(send.data.expiresAt),
          })}
        </p>
      ) : null}
      {send.isError && !fieldError ? (
        <p role="alert">
          {send.error instanceof ApiError && send.error.status === 409
            ? t("Console.Link.NoAddress")
            : send.error instanceof ApiError && send.error.status === 429
              ? t("Console.Act.TooMany")
              : t("Console.Act.Failed")}
        </p>
      ) : null}
    </section>
  );
}
