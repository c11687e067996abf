import type { MaintenancePeriod } from "@contract/maintenance";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { useToasts } from "@/components/ui/toasts";
import { useSaveMaintenancePeriod } from "../api/maintenance-periods";
import { formProblems, fromWindowForm, toWindowForm, type WindowForm } from "../window-form";
import { WindowFields } from "./window-fields";

/**
 * The two-step add/edit modal of /billing_maintenance_settings (spec 3 §4): step 0 is the upcoming
 * downtime warning, step 1 the maintenance period, then save. 'Next' and 'Save' stay disabled until
 * the step follows spec 3 §5. Closing drops what was typed.
 */
export function MaintenancePeriodDialog({
  period,
  onClose,
}: {
  period: MaintenancePeriod | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const save = useSaveMaintenancePeriod();
  const [step, setStep] = useState<0 | 1>(0);
  const [warning, setWarning] = useState<WindowForm>(() => toWindowForm(period?.maintenanceWarningAlert));
  const [settings, setSettings] = useState<WindowForm>(() => toWindowForm(period?.maintenanceSettings));
  const [touched, setTouched] = useState<[Set<string>, Set<string>]>(() => [new Set(), new Set()]);
  // Step 0 edits the warning, step 1 the period (whose texts and window are all required).
  const steps = [
    { prefix: "warning", value: warning, onChange: setWarning, problems: formProblems(warning, false) },
    { prefix: "settings", value: settings, onChange: setSettings, problems: formProblems(settings, true) },
  ] as const;
  const current = steps[step];
  const stepValid = Object.keys(current.problems).length === 0;
  const touch = (field: string) =>
    setTouched((sets) => {
      const next: [Set<string>, Set<string>] = [new Set(sets[0]), new Set(sets[1])];
      next[step].add(field);
      return next;
    });

  const onSave = async () => {
    try {
      await save.mutateAsync({
        id: period?.id ?? null,
        period: { maintenanceWarningAlert: fromWindowForm(warning), maintenanceSettings: fromWindowForm(settings) },
      });
      toasts.show(period ? "successUpdate" : "successAdd", t(period ? "update-system-alert" : "add-system-alert"));
      onClose();
    } catch {
      toasts.show(period ? "errorUpdate" : "errorAdd", t("Util.ErrorTryAgainLater"));
    }
  };

  const heading = t(period ? "MaintenanceAdmin.EditTitle" : "MaintenanceAdmin.AddTitle");
  return (
    <Dialog
      title={`${heading}: ${t(step === 0 ? "MaintenanceAdmin.Step0" : "MaintenanceAdmin.Step1")}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t("Modal.Cancel")}
          </button>
          {step === 1 ? (
            <button type="button" className="button button--secondary" onClick={() => setStep(0)}>
              {t("MaintenanceAdmin.Back")}
            </button>
          ) : null}
          {step === 0 ? (
            <button type="button" className="button button--primary" disabled={!stepValid} onClick={() => setStep(1)}>
              {t("MaintenanceAdmin.Next")}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={!stepValid || save.isPending}
              onClick={() => void onSave()}
            >
              {t("MaintenanceAdmin.Save")}
            </button>
          )}
        </>
      }
    >
      <p className="field__hint">
        {t("MaintenanceAdmin.StepOf", { step: step + 1, count: 2 })}{" "}
        {t(step === 0 ? "MaintenanceAdmin.Step0Hint" : "MaintenanceAdmin.Step1Hint")}
      </p>
      <WindowFields key={current.prefix} {...current} touched={touched[step]} onTouch={touch} />
    </Dialog>
  );
}
