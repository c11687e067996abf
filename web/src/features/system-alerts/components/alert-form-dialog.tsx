import type { SystemAlert } from "@contract/messages";
import { alertFormComplete, type SystemAlertUpdate, ZSystemAlertUpdate } from "@contract/system-alerts-admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
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
  const fields = FIELD_NAMES.map((name) => ({
    name,
    id: `alert-${name}`,
    label: t(`SystemAlertsAdmin.Field.${name}`),
  }));

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
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields} />
      <form id="system-alert-form" className="admin-form" noValidate onSubmit={onSubmit} aria-busy={save.isPending}>
        <p className="field__hint">{t("SystemAlertsAdmin.AllRequired")}</p>
        <TextField
          id="alert-titleEnglish"
          label={fields[0]?.label}
          required
          error={errors.titleEnglish}
          {...form.register("titleEnglish")}
        />
        <TextField
          id="alert-titleSpanish"
          label={fields[1]?.label}
          required
          error={errors.titleSpanish}
          lang="es"
          {...form.register("titleSpanish")}
        />
        <TextAreaField
          id="alert-textEnglish"
          label={fields[2]?.label}
          hint={t("SystemAlertsAdmin.HtmlHint")}
          required
          rows={4}
          error={errors.textEnglish}
          {...form.register("textEnglish")}
        />
        <TextAreaField
          id="alert-textSpanish"
          label={fields[3]?.label}
          hint={t("SystemAlertsAdmin.HtmlHint")}
          required
          rows={4}
          lang="es"
          error={errors.textSpanish}
          {...form.register("textSpanish")}
        />
        <CheckboxField id="alert-active" label={t("SystemAlertsAdmin.Field.active")} {...form.register("active")} />
      </form>
    </Dialog>
  );
}
