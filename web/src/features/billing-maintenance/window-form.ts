import { EVERY_DAY, windowProblems } from "@contract/maintenance";
import type { MaintenanceDays, MaintenanceWindow } from "@contract/messages";

/** A maintenance window as the modal edits it: times split into hh:mm and the meridiem. */
export interface WindowForm {
  enabled: boolean;
  englishText: string;
  spanishText: string;
  startDate: string;
  endDate: string;
  startClock: string;
  startMeridiem: "AM" | "PM";
  endClock: string;
  endMeridiem: "AM" | "PM";
  daysActive: MaintenanceDays;
}

/** A new period's step: enabled, every day (spec 3 §4, §9). */
export const EMPTY_WINDOW: WindowForm = {
  enabled: true,
  englishText: "",
  spanishText: "",
  startDate: "",
  endDate: "",
  startClock: "",
  startMeridiem: "AM",
  endClock: "",
  endMeridiem: "AM",
  daysActive: EVERY_DAY,
};

const split = (time: string | undefined): [string, "AM" | "PM"] => {
  const match = /^(\d{2}:\d{2}) (AM|PM)$/.exec(time ?? "");
  return match ? [match[1] as string, match[2] as "AM" | "PM"] : ["", "AM"];
};

export function toWindowForm(window: MaintenanceWindow | null | undefined): WindowForm {
  if (!window) return { ...EMPTY_WINDOW };
  const [startClock, startMeridiem] = split(window.startTime);
  const [endClock, endMeridiem] = split(window.endTime);
  return {
    enabled: window.enabled,
    englishText: window.englishText,
    spanishText: window.spanishText,
    startDate: window.startDate ?? "",
    endDate: window.endDate ?? "",
    startClock,
    startMeridiem,
    endClock,
    endMeridiem,
    daysActive: { ...EVERY_DAY, ...window.daysActive },
  };
}

export function fromWindowForm(form: WindowForm): MaintenanceWindow {
  return {
    enabled: form.enabled,
    englishText: form.englishText.trim(),
    spanishText: form.spanishText.trim(),
    startDate: form.startDate || null,
    endDate: form.endDate || null,
    startTime: `${form.startClock.trim()} ${form.startMeridiem}`,
    endTime: `${form.endClock.trim()} ${form.endMeridiem}`,
    daysActive: form.daysActive,
  };
}

/**
 * Spec 3 §5: step 0 'Next' needs a disabled warning or a complete one; step 1 'Save' needs a
 * complete period. The problems by field (the same rules the API applies).
 */
export const formProblems = (form: WindowForm, requireAll: boolean): Record<string, string> =>
  windowProblems(fromWindowForm(form), { requireAll });
