import type { PersonPayment, RefundResult } from "@contract/refunds";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useErrorText } from "@/components/ui/form/field";
import { summaryLinks } from "@/components/ui/form/field-error-summary";
import { FormActions } from "@/components/ui/form/form-actions";
import { MoneyField } from "@/components/ui/form/money-field";
import { TextAreaField } from "@/components/ui/form/text-field";
import { type FormErrorLink, FormErrorSummary } from "@/components/ui/form-error-summary";
import { ApiError } from "@/lib/api-client";
import { formatActivityTime, formatCents } from "@/utils/format";
import { useRefundPayment, ZRefundCreate } from "../api/refund-payment";
import { useRefundablePayment } from "../api/refundable-payment";

/** The form's own fields (the figure it was shown is sent beside them); more than is left is refused here first. */
const refundFormSchema = (available: number) =>
  ZRefundCreate.pick({ amountCents: true, reason: true }).refine((input) => input.amountCents <= available, {
    message: "RefundTooMuch",
    path: ["amountCents"],
  });

interface RefundFormValues {
  amountCents: number | null;
  reason: string;
}

/** A key per refund body: sending the same body again (after no answer) replays it; another body is a new refund. */
function useAttemptKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown) {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      return last.current.key;
    },
    /** The server answered (refunded or refused): the next send is a new attempt. */
    answered() {
      last.current = null;
    },
  };
}

/**
 * Refund all or part of one payment (issue 32, after GOV.UK Pay): the figure still refundable is
 * read from the card gateway when the form opens and sent with the refund; if it changed meanwhile
 * (another admin, another tab) the server refunds nothing and answers 412 with the current figure,
 * which the form shows in its error summary, keeping what was typed. Success is shown only from the
 * server's answer.
 */
export function RefundForm({
  payment,
  id,
  onDone,
  onCancel,
}: {
  payment: PersonPayment;
  /** The form's region id (the Refund button's aria-controls). */
  id: string;
  onDone: (result: RefundResult) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const refundable = useRefundablePayment(payment.paymentId);
  const refund = useRefundPayment();
  const attempt = useAttemptKey();
  // The figure the admin is shown, and sends: the gateway's when the form opened, or the one a 412 told.
  const [available, setAvailable] = useState<number | null>(null);
  const [serverError, setServerError] = useState<FormErrorLink | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;
  const shownAvailable = available ?? refundable.data?.refundAmountAvailable ?? null;
  // The resolver reads the figure shown now (a 412 changes it after the form was made).
  const availableRef = useRef(shownAvailable);
  availableRef.current = shownAvailable;

  const form = useForm<RefundFormValues>({
    resolver: (values, context, options) =>
      zodResolver(refundFormSchema(availableRef.current ?? 0))(values as never, context, options as never) as never,
    shouldFocusError: false,
    defaultValues: { amountCents: null, reason: "" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  // The amount starts as all that is left (GOV.UK Pay's default), once the figure is known.
  const figure = refundable.data?.refundAmountAvailable;
  useEffect(() => {
    if (figure !== undefined && form.getValues("amountCents") === null) form.setValue("amountCents", figure);
  }, [figure, form]);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    if (shownAvailable === null || values.amountCents === null) return;
    setServerError(null);
    const body = {
      amountCents: values.amountCents,
      refundAmountAvailable: shownAvailable,
      reason: values.reason.trim(),
    };
    try {
      const result = await refund.mutateAsync({
        paymentId: payment.paymentId,
        idempotencyKey: attempt.keyFor(body),
        body,
      });
      attempt.answered();
      onDone(result);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status >= 400 && status < 500) attempt.answered();
      const current = error instanceof ApiError ? Number(error.fields.refundAmountAvailable) : Number.NaN;
      if (status === 412 && Number.isInteger(current)) {
        setAvailable(current);
        setServerError({
          fieldId: amountId,
          label: t("Refunds.Amount"),
          message: t("Refunds.Stale", { amount: formatCents(current) }),
        });
      } else if (status === 422) {
        setServerError({ fieldId: amountId, label: t("Refunds.Amount"), message: t("Refunds.MoreThanLeft") });
      } else if (status === 409) {
        setServerError({ fieldId: amountId, label: t("Refunds.Amount"), message: t("Refunds.Conflict") });
      } else {
        setServerError({ fieldId: amountId, label: t("Refunds.Amount"), message: t("Refunds.NotConfirmed") });
      }
    }
  });

  const amountError = errors.amountCents?.message
    ? errors.amountCents.message === "RefundTooMuch"
      ? t("Refunds.MoreThanLeft")
      : errorText(errors.amountCents.message)
    : serverError?.message;
  const summary: FormErrorLink[] = [
    ...(amountError ? [{ fieldId: amountId, label: t("Refunds.Amount"), message: amountError }] : []),
    ...summaryLinks(errors, [{ name: "reason", id: reasonId, label: t("Refunds.Reason") }], errorText),
  ];

  return (
    <div id={id} className="refund-form">
      <h3 ref={headingRef} tabIndex={-1}>
        {t("Refunds.FormTitle", {
          amount: formatCents(payment.amountCents),
          date: payment.chargedAt ? formatActivityTime(payment.chargedAt) : "",
        })}
      </h3>
      {refundable.isPending ? <p>{t("Refunds.Asking")}</p> : null}
      {refundable.isError ? <p role="alert">{t("Refunds.AskFailed")}</p> : null}
      {shownAvailable !== null ? (
        <>
          <p>{t("Refunds.Left", { amount: formatCents(shownAvailable) })}</p>
          <FormErrorSummary errors={summary} submitCount={submitCount} />
          {shownAvailable === 0 ? (
            <p>{t("Refunds.NothingLeft")}</p>
          ) : (
            <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
              <Controller
                control={form.control}
                name="amountCents"
                render={({ field }) => (
                  <MoneyField
                    id={amountId}
                    label={t("Refunds.Amount")}
                    hint={t("Refunds.AmountHint", { amount: formatCents(shownAvailable) })}
                    required
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={amountError}
                  />
                )}
              />
              <TextAreaField
                id={reasonId}
                label={t("Refunds.Reason")}
                hint={t("Refunds.ReasonHint")}
                required
                rows={3}
                error={errors.reason}
                {...form.register("reason")}
              />
              <FormActions
                className="admin-form__actions"
                actions={[
                  { label: t("Refunds.Submit"), disabled: isSubmitting },
                  { label: t("Refunds.Cancel"), onClick: onCancel, look: "plain" },
                ]}
              />
            </form>
          )}
        </>
      ) : null}
      {shownAvailable === null || shownAvailable === 0 ? (
        <button type="button" className="button" onClick={onCancel}>
          {t("Refunds.Close")}
        </button>
      ) : null}
    </div>
  );
}
