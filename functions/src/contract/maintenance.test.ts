import { describe, expect, it } from "vitest";
import { EVERY_DAY, toggleDay, ZMaintenancePeriodInput } from "./maintenance";
import type { MaintenanceWindow } from "./messages";

const valid: MaintenanceWindow = {
  enabled: true,
  englishText: "Bill pay is down",
  spanishText: "El pago está caído",
  startDate: null,
  endDate: null,
  startTime: "10:00 PM",
  endTime: "02:00 AM",
  daysActive: EVERY_DAY,
};
const parse = (warning: Partial<MaintenanceWindow>, settings: Partial<MaintenanceWindow> = {}) =>
  ZMaintenancePeriodInput.safeParse({
    maintenanceWarningAlert: { ...valid, ...warning },
    maintenanceSettings: { ...valid, ...settings },
  });
const problemPaths = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));

describe("maintenance period rules (spec 3 §5)", () => {
  it("accepts a complete period and optional dates", () => {
    expect(parse({}).success).toBe(true);
    expect(parse({}, { startDate: "2026-12-01", endDate: "2026-12-02" }).success).toBe(true);
  });

  it("needs hh:mm with hour 01-12, minute 00-59 and AM or PM", () => {
    for (const time of ["1:00 AM", "00:30 AM", "13:00 PM", "12:60 AM", "12:00", "12:00 XM", "12:00PM"])
      expect(problemPaths(parse({}, { startTime: time })), time).toEqual(["maintenanceSettings.startTime"]);
    for (const time of ["01:00 AM", "12:59 PM", "09:05 AM"])
      expect(parse({}, { endTime: time }).success, time).toBe(true);
  });

  it("needs both texts and at least one day; 'every day' goes alone", () => {
    expect(problemPaths(parse({ englishText: "  " }))).toEqual(["maintenanceWarningAlert.englishText"]);
    expect(problemPaths(parse({}, { spanishText: "" }))).toEqual(["maintenanceSettings.spanishText"]);
    expect(problemPaths(parse({}, { daysActive: { ...EVERY_DAY, everyDay: false } }))).toEqual([
      "maintenanceSettings.daysActive",
    ]);
    expect(problemPaths(parse({}, { daysActive: { ...EVERY_DAY, monday: true } }))).toEqual([
      "maintenanceSettings.daysActive",
    ]);
  });

  it("asks nothing more of a disabled warning, but everything of a disabled period", () => {
    expect(parse({ enabled: false, englishText: "", startTime: "" }).success).toBe(true);
    expect(problemPaths(parse({}, { enabled: false, englishText: "" }))).toEqual(["maintenanceSettings.englishText"]);
    expect(parse({}, { enabled: undefined }).success).toBe(false);
  });

  it("refuses an end date before the start date", () => {
    expect(problemPaths(parse({}, { startDate: "2026-12-02", endDate: "2026-12-01" }))).toEqual([
      "maintenanceSettings.endDate",
    ]);
    expect(parse({}, { startDate: "2026-02-30" }).success).toBe(false);
  });
});

describe("day toggles (spec 3 §4)", () => {
  it("'every day' selects it alone; a specific day clears it", () => {
    const monday = toggleDay(EVERY_DAY, "monday");
    expect(monday).toEqual({ ...EVERY_DAY, everyDay: false, monday: true });
    expect(toggleDay({ ...monday, friday: true }, "everyDay")).toEqual(EVERY_DAY);
  });

  it("keeps the last toggled day on", () => {
    const monday = toggleDay(EVERY_DAY, "monday");
    expect(toggleDay(monday, "monday")).toEqual(monday);
    expect(toggleDay(EVERY_DAY, "everyDay")).toEqual(EVERY_DAY);
    const two = toggleDay(monday, "friday");
    expect(toggleDay(two, "monday")).toEqual({ ...EVERY_DAY, everyDay: false, friday: true });
  });
});
