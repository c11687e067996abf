import type { SystemAlert } from "@contract/messages";
import { alertFormComplete, type SystemAlertUpdate, ZSystemAlertUpdate } from "@contract/system-alerts-admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { TextAreaField, TextField } from "@/components/ui/form/text-field";
import { useToasts } from "@/components/ui/toasts";
import { useSaveSystemAlert } from "../api/save-system-alert";

const FIELD_NAMES = ["titleEnglish", "titleSpanish", "textEnglish", "textSpanish"] as const;

/**
 * The add and edit modal of /system_alerts (spec 3 §2): both titles and both texts (HTML allowed,
 * sanitized by the server on save and again on render); Save stays disabled while any of them
 * is blank after trimming (spec 3 §5). Editing also sets the active state.
 */
export function AlertFormDialog({ alert, onClose }: { alert: SystemAlert | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const save = useSaveSystemAlert();
  const form = useForm<SystemAlertUpdate>({
    resolver: zodResolver(ZSystemAlertUpdate),
    shouldFocusError: false,
    defaultValues: {
      titleEnglish: alert?.titleEnglish ?? "",
      titleSpanish: alert?.titleSpanish ?? "",
      textEnglish: alert?.textEnglish ?? "",
      textSpanish: alert?.textSpanish ?? "",
      active: alert?.active ?? true,
    },
  });
  const { errors, submitCount } = form.formState;
  const complete = alertFormComplete(form.watch());
  const htmlHint = t("SystemAlertsAdmin.HtmlHint");
  const fields = formFields(form, {
    titleEnglish: { id: "alert-titleEnglish", label: t("SystemAlertsAdmin.Field.titleEnglish") },
    titleSpanish: { id: "alert-titleSpanish", label: t("SystemAlertsAdmin.Field.titleSpanish") },
    textEnglish: { id: "alert-textEnglish", label: t("SystemAlertsAdmin.Field.textEnglish"), hint: htmlHint },
    textSpanish: { id: "alert-textSpanish", label: t("SystemAlertsAdmin.Field.textSpanish"), hint: htmlHint },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: alert?.Id ?? null, input });
      toasts.show(alert ? "successUpdate" : "successAdd");
      onClose();
    } catch (error) {
      if (!applyApiFieldErrors(error, form.setError, { only: FIELD_NAMES }))
        toasts.show(alert ? "errorUpdate" : "errorAdd");
    }
  });

  return (
    <Dialog
      title={t(alert ? "SystemAlertsAdmin.EditTitle" : "SystemAlertsAdmin.AddTitle")}
      onClose={onClose}
      footer={{
        closeLabel: t("Modal.Cancel"),
        primaryLabel: t("SystemAlertsAdmin.Save"),
        primaryDisabled: !complete || save.isPending,
        form: "system-alert-form",
      }}
    >
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
      <form id="system-alert-form" className="admin-form" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
        <p className="field__hint">{t("SystemAlertsAdmin.AllRequired")}</p>
        <TextField {...fields.input("titleEnglish")} required />
        <TextField {...fields.input("titleSpanish")} required lang="es" />
        <TextAreaField {...fields.input("textEnglish")} required rows={4} />
        <TextAreaField {...fields.input("textSpanish")} required rows={4} lang="es" />
        <CheckboxField id="alert-active" label={t("SystemAlertsAdmin.Field.active")} {...form.register("active")} />
      </form>
    </Dialog>
  );
}
