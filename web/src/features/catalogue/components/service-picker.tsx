import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField } from "@/components/ui/form/select-field";
import { useAuth } from "@/lib/auth/auth-state";
import { useActivities } from "../../../api/get-activities";
import { activityLabel } from "../../../lib/services/activity-label";
import { type PickerAction, servicesOf, visibleActions } from "../service-actions";
import { useStartActivity } from "./use-start-activity";
import "../catalogue.css";

/**
 * The service picker (spec 1 §2.8): choose an action, then one of its published services, then
 * Start. Native selects with labels, so it works with every keyboard and screen reader.
 */
export function ServicePicker({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const activities = useActivities(auth.authUser?.Id ?? null);
  const start = useStartActivity();
  const [action, setAction] = useState<PickerAction | "">("");
  const [itemId, setItemId] = useState("");
  const id = useId();
  const Heading = `h${headingLevel}` as const;

  const actions = visibleActions(auth.selectedOrganization);
  const chosenAction = action && actions.includes(action) ? action : "";
  const items = chosenAction && activities.data ? servicesOf(activities.data, chosenAction) : [];
  const item = items.find((candidate) => candidate.Id === itemId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (item) start(item);
  };

  return (
    <section className="service-picker" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="service-picker__heading">
        {t("Picker.Heading")}
      </Heading>
      <form className="service-picker__form" onSubmit={submit}>
        <SelectField
          id={`${id}-action`}
          label={t("Picker.ActionLabel")}
          placeholder={t("Picker.ChooseAction")}
          options={actions.map((value) => ({ value, label: t(`Picker.Actions.${value}`) }))}
          value={chosenAction}
          onChange={(event) => {
            setAction(event.target.value as PickerAction | "");
            setItemId("");
          }}
        />
        <SelectField
          id={`${id}-item`}
          label={t("Picker.ItemLabel")}
          placeholder={
            chosenAction && items.length === 0 && activities.isSuccess ? t("Picker.NoItems") : t("Picker.ChooseItem")
          }
          options={items.map((service) => ({ value: service.Id, label: activityLabel(t, service) }))}
          value={item ? item.Id : ""}
          disabled={!chosenAction || items.length === 0}
          aria-describedby={activities.isError ? `${id}-error` : undefined}
          onChange={(event) => setItemId(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={!item}>
          {t("Picker.Start")}
        </button>
      </form>
      {item?.Description && <p className="service-picker__description">{item.Description}</p>}
      {activities.isError && (
        <p id={`${id}-error`} role="alert" className="error-text">
          {t("Util.ErrorTryAgainLater")}
        </p>
      )}
    </section>
  );
}
