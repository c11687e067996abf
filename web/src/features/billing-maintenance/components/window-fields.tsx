import { MAINTENANCE_DAYS, toggleDay } from "@contract/maintenance";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { SelectField } from "@/components/ui/form/select-field";
import { TextAreaField, TextField } from "@/components/ui/form/text-field";
import type { WindowForm } from "../window-form";

const MERIDIEMS = [
  { value: "AM", label: "AM" },
  { value: "PM", label: "PM" },
] as const;

/**
 * One step of the maintenance modal: the enabled tick, both texts, the optional date range, the
 * daily window (hh:mm and AM or PM) and the days. A field's problem shows once it has been touched
 * (the step's button stays disabled until there are none).
 */
export function WindowFields({
  prefix,
  value,
  onChange,
  problems,
  touched,
  onTouch,
}: {
  prefix: string;
  value: WindowForm;
  onChange: (next: WindowForm) => void;
  problems: Record<string, string>;
  touched: ReadonlySet<string>;
  onTouch: (field: string) => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof WindowForm>(key: K, next: WindowForm[K]) => onChange({ ...value, [key]: next });
  const shown = (field: string) => (touched.has(field) ? problems[field] : undefined);
  const errorOf = (field: string) => {
    const problem = shown(field);
    if (!problem) return undefined;
    if (field === "startTime" || field === "endTime") return t("MaintenanceAdmin.Error.Time");
    if (field === "daysActive") return t("MaintenanceAdmin.Error.Days");
    if (field === "endDate") return t("MaintenanceAdmin.Error.EndDate");
    return { message: "Required" };
  };
  const id = (field: string) => `${prefix}-${field}`;
  /** A text field's props: its id, label, value and shown problem; a change sets it, leaving it marks it touched. */
  const text = (field: "englishText" | "spanishText" | "endDate") => ({
    id: id(field),
    label: t(`MaintenanceAdmin.Field.${field}`),
    value: value[field],
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    onBlur: () => onTouch(field),
  });

  return (
    <div className="admin-form">
      <CheckboxField
        id={id("enabled")}
        label={t("MaintenanceAdmin.Field.enabled")}
        checked={value.enabled}
        onChange={(event) => set("enabled", event.target.checked)}
      />
      <TextAreaField {...text("englishText")} rows={2} />
      <TextAreaField {...text("spanishText")} rows={2} lang="es" />
      <div className="maintenance-row">
        <TextField
          id={id("startDate")}
          type="date"
          label={t("MaintenanceAdmin.Field.startDate")}
          hint={t("MaintenanceAdmin.Optional")}
          value={value.startDate}
          onChange={(event) => set("startDate", event.target.value)}
        />
        <TextField {...text("endDate")} type="date" hint={t("MaintenanceAdmin.Optional")} />
      </div>
      {(["start", "end"] as const).map((edge) => (
        <div className="maintenance-row" key={edge}>
          <TextField
            id={id(`${edge}Clock`)}
            label={t(`MaintenanceAdmin.Field.${edge}Time`)}
            hint={t("MaintenanceAdmin.TimeHint")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={value[`${edge}Clock`]}
            error={errorOf(`${edge}Time`)}
            onChange={(event) => set(`${edge}Clock`, event.target.value)}
            onBlur={() => onTouch(`${edge}Time`)}
          />
          <SelectField
            id={id(`${edge}Meridiem`)}
            label={t(`MaintenanceAdmin.Field.${edge}Meridiem`)}
            options={MERIDIEMS}
            value={value[`${edge}Meridiem`]}
            onChange={(event) => set(`${edge}Meridiem`, event.target.value as "AM" | "PM")}
          />
        </div>
      ))}
      <fieldset
        className="field maintenance-days"
        id={id("daysActive")}
        aria-describedby={shown("daysActive") ? `${id("daysActive")}-error` : undefined}
      >
        <legend>{t("MaintenanceAdmin.Field.daysActive")}</legend>
        {shown("daysActive") ? (
          <p id={`${id("daysActive")}-error`} className="field__error">
            {t("MaintenanceAdmin.Error.Days")}
          </p>
        ) : null}
        {(["everyDay", ...MAINTENANCE_DAYS] as const).map((day) => (
          <CheckboxField
            key={day}
            id={id(`day-${day}`)}
            label={t(`MaintenanceAdmin.Day.${day}`)}
            checked={value.daysActive[day]}
            onChange={() => {
              onTouch("daysActive");
              set("daysActive", toggleDay(value.daysActive, day));
            }}
          />
        ))}
      </fieldset>
    </div>
  );
}
