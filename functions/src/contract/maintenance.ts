import { z } from "zod";
import type { MaintenanceDays, MaintenanceWindow } from "./messages";

/** hh:mm with hour 01-12 and minute 00-59 (spec 3 §5), without the meridiem. */
export const CLOCK_TIME = /^(0[1-9]|1[0-2]):[0-5]\d$/;
/** A stored time: hh:mm and AM or PM, e.g. "10:00 PM" (America/Chicago). */
export const STORED_TIME = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;

export const MAINTENANCE_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type MaintenanceDay = (typeof MAINTENANCE_DAYS)[number];

/** The default for a new period: every day (spec 3 §4, §9). */
export const EVERY_DAY: MaintenanceDays = {
  everyDay: true,
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};

/**
 * A day toggle of the maintenance modal (spec 3 §4): 'every day' selects it alone and clears the
 * others; a specific day clears everyDay; if no day would be left, the toggled one stays on.
 */
export function toggleDay(days: MaintenanceDays, day: "everyDay" | MaintenanceDay): MaintenanceDays {
  if (day === "everyDay") return days.everyDay ? days : { ...EVERY_DAY };
  const next: MaintenanceDays = { ...days, everyDay: false, [day]: !days[day] };
  const anyOn = MAINTENANCE_DAYS.some((name) => next[name]);
  return anyOn ? next : { ...next, [day]: true };
}

export const anyDayActive = (days: MaintenanceDays): boolean =>
  days.everyDay || MAINTENANCE_DAYS.some((name) => days[name]);

const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "Invalid date",
  )
  .nullable();

const ZDays = z
  .object({
    everyDay: z.boolean(),
    monday: z.boolean(),
    tuesday: z.boolean(),
    wednesday: z.boolean(),
    thursday: z.boolean(),
    friday: z.boolean(),
    saturday: z.boolean(),
    sunday: z.boolean(),
  })
  .strict();

const ZWindowShape = z
  .object({
    enabled: z.boolean(),
    englishText: z.string().max(2000),
    spanishText: z.string().max(2000),
    startDate: ZDate,
    endDate: ZDate,
    startTime: z.string().max(8),
    endTime: z.string().max(8),
    daysActive: ZDays,
  })
  .strict();

/** The problems of a window by field (spec 3 §5); a disabled warning needs nothing else. */
export function windowProblems(
  window: MaintenanceWindow,
  { requireAll }: { requireAll: boolean },
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (window.startDate && window.endDate && window.endDate < window.startDate)
    problems.endDate = "Before the start date";
  if (!requireAll && !window.enabled) return problems;
  if (!window.englishText.trim()) problems.englishText = "Required";
  if (!window.spanishText.trim()) problems.spanishText = "Required";
  if (!STORED_TIME.test(window.startTime)) problems.startTime = "hh:mm AM or PM";
  if (!STORED_TIME.test(window.endTime)) problems.endTime = "hh:mm AM or PM";
  if (!anyDayActive(window.daysActive)) problems.daysActive = "Choose at least one day";
  else if (window.daysActive.everyDay && MAINTENANCE_DAYS.some((name) => window.daysActive[name]))
    problems.daysActive = "'Every day' goes alone";
  return problems;
}

const withProblems = (requireAll: boolean) =>
  ZWindowShape.superRefine((window, context) => {
    for (const [field, message] of Object.entries(windowProblems(window, { requireAll })))
      context.addIssue({ code: "custom", path: [field], message });
  });

/** The step-0 warning and the step-1 period of spec 3 §4; the period always needs every field. */
export const ZMaintenancePeriodInput = z
  .object({ maintenanceWarningAlert: withProblems(false), maintenanceSettings: withProblems(true) })
  .strict();
export type MaintenancePeriodInput = z.infer<typeof ZMaintenancePeriodInput>;

/** POST /api/paymentMaintenanceInfo */
export const ZMaintenanceCreate = z.object({ billingMaintenancePeriod: ZMaintenancePeriodInput }).strict();
/** PUT /api/paymentMaintenanceInfo: the period with its id. */
export const ZMaintenanceUpdate = z
  .object({
    billingMaintenancePeriod: ZMaintenancePeriodInput.extend({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
  })
  .strict();

/** One stored period as GET /api/allPaymentMaintenanceInfo answers it. */
export interface MaintenancePeriod {
  id: string;
  maintenanceWarningAlert: MaintenanceWindow | null;
  maintenanceSettings: MaintenanceWindow | null;
}
