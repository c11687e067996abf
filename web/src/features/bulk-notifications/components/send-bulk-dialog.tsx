import {
  BULK_AUDIENCE_OPTIONS,
  type BulkAudience,
  type BulkNotificationFormInput,
  type BulkNotificationFormValues,
} from "@contract/bulk-notifications";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { TextAreaField, TextField } from "@/components/ui/form/text-field";
import { useBulkAudienceCount } from "../api/count-bulk-audience";
import { bulkNotificationFormSchema, useSendBulkNotification } from "../api/send-bulk-notification";

const TEXT_FIELDS = ["englishTitle", "englishBody", "spanishTitle", "spanishBody"] as const;

const EMPTY: BulkNotificationFormInput = {
  englishTitle: "",
  englishBody: "",
  spanishTitle: "",
  spanishBody: "",
  options: { autoPayEnabled: false, hasSavedPaymentMethod: false, hasUtilityAccount: false, noActivities: false },
};

/**
 * The Send Notification modal (spec 3 bulk push): both titles required (the next step stays
 * disabled while either is blank after trimming, spec 3 §5), bodies optional, the audience options;
 * then a preview in both languages with the recipient count, and the confirmation.
 */
export function SendBulkDialog({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [preview, setPreview] = useState<BulkNotificationFormValues | null>(null);
  const form = useForm<BulkNotificationFormInput, unknown, BulkNotificationFormValues>({
    defaultValues: EMPTY,
    resolver: zodResolver(bulkNotificationFormSchema) as unknown as Resolver<
      BulkNotificationFormInput,
      unknown,
      BulkNotificationFormValues
    >,
    shouldFocusError: false,
  });
  const { register, handleSubmit, watch, formState } = form;
  const titlesBlank = !watch("englishTitle")?.trim() || !watch("spanishTitle")?.trim();
  const fieldId = (name: string) => `${idPrefix}-${name}`;
  const label = (name: string) => t(`BulkPush.Field.${name}`);
  const hintId = fieldId("titles-hint");

  if (preview)
    return <PreviewStep values={preview} onBack={() => setPreview(null)} onClose={onClose} onSent={onSent} />;

  return (
    <Dialog
      title={t("BulkPush.SendTitle")}
      onClose={onClose}
      actions={
        <>
          <button
            type="submit"
            form={fieldId("form")}
            className="button button--primary"
            disabled={titlesBlank}
            aria-describedby={hintId}
          >
            {t("BulkPush.Preview")}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t("Modal.Cancel")}
          </button>
        </>
      }
    >
      <form
        id={fieldId("form")}
        className="admin-form"
        noValidate
        onSubmit={(event) => void handleSubmit((values) => setPreview(values))(event)}
      >
        <FieldErrorSummary
          errors={formState.errors}
          fields={TEXT_FIELDS.map((name) => ({ name, id: fieldId(name), label: label(name) }))}
          submitCount={formState.submitCount}
        />
        <p id={hintId}>{t("BulkPush.TitlesRequired")}</p>
        {TEXT_FIELDS.map((name) => {
          const props = {
            id: fieldId(name),
            label: label(name),
            required: name.endsWith("Title"),
            error: formState.errors[name],
            lang: name.startsWith("spanish") ? "es" : "en",
            ...register(name),
          };
          return name.endsWith("Title") ? (
            <TextField key={name} {...props} />
          ) : (
            <TextAreaField key={name} rows={3} {...props} />
          );
        })}
        <fieldset className="admin-form__group">
          <legend>{t("BulkPush.Audience")}</legend>
          <p>{t("BulkPush.AudienceHint")}</p>
          {BULK_AUDIENCE_OPTIONS.map((option) => (
            <CheckboxField
              key={option}
              id={fieldId(option)}
              label={t(`BulkPush.Option.${option}`)}
              {...register(`options.${option}`)}
            />
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}

function PreviewStep({
  values,
  onBack,
  onClose,
  onSent,
}: {
  values: BulkNotificationFormValues;
  onBack: () => void;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const count = useBulkAudienceCount(values.options as BulkAudience);
  const send = useSendBulkNotification();
  const chosen = BULK_AUDIENCE_OPTIONS.filter((option) => values.options[option]);
  const confirm = async () => {
    try {
      await send.mutateAsync(values);
      onSent();
    } catch {
      // Shown below (role=alert); the dialog stays open to try again.
    }
  };
  return (
    <Dialog
      title={t("BulkPush.PreviewTitle")}
      onClose={onClose}
      actions={
        <>
          <button
            type="button"
            className="button button--primary"
            disabled={send.isPending}
            onClick={() => void confirm()}
          >
            {t("BulkPush.Confirm")}
          </button>
          <button type="button" className="button button--secondary" onClick={onBack}>
            {t("BulkPush.Back")}
          </button>
        </>
      }
    >
      <div className="bulk-preview">
        <section lang="en" aria-label={t("BulkPush.English")}>
          <h3>{t("BulkPush.English")}</h3>
          <p>
            <strong>{values.englishTitle}</strong>
          </p>
          {values.englishBody ? <p>{values.englishBody}</p> : null}
        </section>
        <section lang="es" aria-label={t("BulkPush.Spanish")}>
          <h3>{t("BulkPush.Spanish")}</h3>
          <p>
            <strong>{values.spanishTitle}</strong>
          </p>
          {values.spanishBody ? <p>{values.spanishBody}</p> : null}
        </section>
      </div>
      <p>
        {chosen.length === 0
          ? t("BulkPush.AudienceEveryone")
          : t("BulkPush.AudienceOnly", { options: chosen.map((option) => t(`BulkPush.Option.${option}`)).join("; ") })}
      </p>
      <p aria-live="polite">
        {count.data
          ? t("BulkPush.RecipientCount", { users: count.data.users, devices: count.data.devices })
          : count.isError
            ? t("BulkPush.CountFailed")
            : t("BulkPush.Counting")}
      </p>
      {send.isError ? (
        <p role="alert" className="admin-error">
          {t("BulkPush.SendFailed")}
        </p>
      ) : null}
    </Dialog>
  );
}
