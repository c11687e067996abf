import {
  formatPhone,
  MESSAGE_CHANNELS,
  MESSAGE_TOPICS,
  type MessagePreferences,
  type MessagePreferencesInput,
  PHONE_CODE_TTL_MINUTES,
  type PhoneCodeInput,
  type PhoneToConfirmInput,
} from "@contract/message-preferences";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { FormActions } from "@/components/ui/form/form-actions";
import { formFields } from "@/components/ui/form/form-fields";
import { PhoneField } from "@/components/ui/form/phone-field";
import { TextField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import { useMessagePreferences } from "../api/get-message-preferences";
import { useConfirmPhone, useRemovePhone, useSendPhoneCode, ZPhoneCodeInput, ZPhoneToConfirmInput } from "../api/phone";
import { useSaveMessagePreferences, ZMessagePreferencesInput } from "../api/save-message-preferences";

/**
 * How the resident hears from the city (issue 29): her text number, confirmed with a code texted to
 * it, and per topic the channels (in the portal, email, text). Texts need the confirmed number.
 */
export function MessagePreferencesSection() {
  const { t } = useTranslation();
  const prefs = useMessagePreferences();
  return (
    <section className="account-form" aria-labelledby="message-prefs-title">
      <h2 id="message-prefs-title">{t("Account.Messages.Title")}</h2>
      {prefs.isPending ? <p>{t("Account.Loading")}</p> : null}
      {prefs.isError ? <p role="alert">{t("Util.ErrorTryAgainLater")}</p> : null}
      {prefs.data ? (
        <>
          <TextPhone prefs={prefs.data} />
          <TopicsForm prefs={prefs.data} />
        </>
      ) : null}
    </section>
  );
}

function TextPhone({ prefs }: { prefs: MessagePreferences }) {
  const { t } = useTranslation();
  const remove = useRemovePhone();
  const modals = useModals();
  const [changing, setChanging] = useState(false);
  if (prefs.phone && !changing) {
    return (
      <div className="account-form">
        <h3>{t("Account.Messages.PhoneTitle")}</h3>
        <p>{t("Account.Messages.PhoneConfirmed", { phone: formatPhone(prefs.phone) })}</p>
        {prefs.textsStopped ? (
          <p className="account-alert" role="status">
            {t("Account.Messages.TextsStopped", {
              city: prefs.cityTextNumber ? formatPhone(prefs.cityTextNumber) : t("Account.Messages.CityNumber"),
            })}
          </p>
        ) : null}
        <FormActions
          className="account-form__actions"
          actions={[
            { label: t("Account.Messages.ChangePhone"), onClick: () => setChanging(true), look: "secondary" },
            {
              label: t("Account.Messages.RemovePhone"),
              disabled: remove.isPending,
              onClick: () =>
                void remove.mutateAsync(undefined).then(
                  () => modals.showSuccess(t("Account.Messages.PhoneRemoved")),
                  () => modals.showError(t("Util.ErrorTryAgainLater")),
                ),
            },
          ]}
        />
      </div>
    );
  }
  if (prefs.pendingPhone) return <CodeForm phone={prefs.pendingPhone} onDone={() => setChanging(false)} />;
  return <PhoneForm />;
}

function PhoneForm() {
  const { t } = useTranslation();
  const send = useSendPhoneCode();
  const modals = useModals();
  const form = useForm<PhoneToConfirmInput, unknown, z.output<typeof ZPhoneToConfirmInput>>({
    resolver: zodResolver(ZPhoneToConfirmInput),
    shouldFocusError: false,
    defaultValues: { phone: "" },
  });
  const { handleSubmit, setError } = form;
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = formFields(form, {
    phone: { id: "message-phone", label: t("Account.Messages.PhoneLabel"), hint: t("Account.Messages.PhoneHint") },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      if (!applyApiFieldErrors(error, setError, { only: ["phone"] }))
        modals.showError(t("Account.Messages.CodeNotSent"));
    }
  });
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="message-phone-title">
      <h3 id="message-phone-title">{t("Account.Messages.PhoneTitle")}</h3>
      <FieldErrorSummary errors={errors} fields={fields.summary} submitCount={submitCount} />
      <PhoneField {...fields.input("phone")} />
      <FormActions
        className="account-form__actions"
        actions={[{ label: t("Account.Messages.SendCode"), disabled: isSubmitting }]}
      />
    </form>
  );
}

function CodeForm({ phone, onDone }: { phone: string; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmPhone();
  const remove = useRemovePhone();
  const modals = useModals();
  const form = useForm<PhoneCodeInput>({
    resolver: zodResolver(ZPhoneCodeInput),
    shouldFocusError: false,
    defaultValues: { code: "" },
  });
  const { handleSubmit, setError } = form;
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = formFields(form, {
    code: {
      id: "message-code",
      label: t("Account.Messages.CodeLabel"),
      hint: t("Account.Messages.CodeHint", { phone: formatPhone(phone), minutes: PHONE_CODE_TTL_MINUTES }),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
      modals.showSuccess(t("Account.Messages.PhoneNowConfirmed"));
      onDone();
    } catch (error) {
      if (!applyApiFieldErrors(error, setError, { only: ["code"] })) modals.showError(t("Util.ErrorTryAgainLater"));
    }
  });
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="message-code-title">
      <h3 id="message-code-title">{t("Account.Messages.CodeTitle")}</h3>
      <FieldErrorSummary errors={errors} fields={fields.summary} submitCount={submitCount} />
      <TextField {...fields.input("code")} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      <FormActions
        className="account-form__actions"
        actions={[
          { label: t("Account.Messages.ConfirmPhone"), disabled: isSubmitting },
          {
            label: t("Account.Messages.OtherNumber"),
            disabled: remove.isPending,
            onClick: () => void remove.mutateAsync(undefined).then(onDone, () => undefined),
          },
        ]}
      />
    </form>
  );
}

function TopicsForm({ prefs }: { prefs: MessagePreferences }) {
  const { t } = useTranslation();
  const save = useSaveMessagePreferences();
  const modals = useModals();
  const canText = Boolean(prefs.phone) && !prefs.textsStopped;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount, isSubmitting },
  } = useForm<MessagePreferencesInput>({
    resolver: zodResolver(ZMessagePreferencesInput),
    shouldFocusError: false,
    values: prefs.topics,
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      modals.showSuccess(t("Modal.ChangesSaved"));
    } catch (error) {
      if (!applyApiFieldErrors(error, setError)) modals.showError(t("error-update"));
    }
  });
  const summaryFields = MESSAGE_TOPICS.map((topic) => ({
    name: `${topic}.text`,
    id: `message-${topic}-text`,
    label: `${t(`Account.Messages.Topic.${topic}`)}: ${t("Account.Messages.Channel.text")}`,
  }));
  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="message-topics-title">
      <h3 id="message-topics-title">{t("Account.Messages.TopicsTitle")}</h3>
      <FieldErrorSummary errors={errors} fields={summaryFields} submitCount={submitCount} />
      {canText ? null : <p className="field__hint">{t("Account.Messages.TextNeedsPhone")}</p>}
      {MESSAGE_TOPICS.map((topic) => (
        <fieldset key={topic} className="field field--radios">
          <legend>{t(`Account.Messages.Topic.${topic}`)}</legend>
          {MESSAGE_CHANNELS.map((channel) => (
            <CheckboxField
              key={channel}
              id={`message-${topic}-${channel}`}
              label={t(`Account.Messages.Channel.${channel}`)}
              disabled={channel === "text" && !canText && !prefs.topics[topic].text}
              error={channel === "text" ? errors[topic]?.text : undefined}
              {...register(`${topic}.${channel}`)}
            />
          ))}
        </fieldset>
      ))}
      <FormActions
        className="account-form__actions"
        actions={[{ label: t("Account.Messages.Save"), disabled: isSubmitting }]}
      />
    </form>
  );
}
