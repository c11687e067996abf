import type { GarbageRecord } from "@contract/garbage-pickup";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useGarbageReminder, useSetGarbageReminder } from "../api/garbage-reminder";

/**
 * The evening-before reminder of one address's pickups, for a signed-in resident (issue 16): sent
 * as a message and a push notification by the garbage-reminders job.
 */
export function GarbageReminderToggle({ record }: { record: GarbageRecord }) {
  const { t } = useTranslation();
  const current = useGarbageReminder(true);
  const change = useSetGarbageReminder();
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (change.isError) errorRef.current?.focus();
  }, [change.isError]);
  if (!current.isSuccess) return null;
  const reminder = current.data.reminder;
  const isOn = reminder?.parcelId === record.Id;
  const address = record.Parcel_Address__c;
  return (
    <div className="garbage-reminder">
      {isOn ? <p>{t("Garbage.Reminder.On", { address })}</p> : null}
      {!isOn && reminder ? <p>{t("Garbage.Reminder.Replaces", { address: reminder.address })}</p> : null}
      <button
        type="button"
        className={isOn ? "button button--secondary" : "button button--primary"}
        disabled={change.isPending}
        onClick={() => change.mutate(isOn ? null : record.Id)}
      >
        {isOn ? t("Garbage.Reminder.TurnOff") : t("Garbage.Reminder.TurnOn")}
        <span className="visually-hidden"> {address}</span>
      </button>
      <p role="status" className="garbage-reminder__status">
        {change.isSuccess ? t(change.data.reminder ? "Garbage.Reminder.Saved" : "Garbage.Reminder.Removed") : ""}
      </p>
      {change.isError ? (
        <p role="alert" tabIndex={-1} ref={errorRef} className="error-text">
          {t("Garbage.Reminder.Failed")}
        </p>
      ) : null}
    </div>
  );
}
