import { EVERY_DAY } from "@contract/maintenance";
import type { SystemAlert } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { maintenanceAlert, sortAlerts, unreadAlerts } from "../alert-queue";

const alert = (Id: string, active = true): SystemAlert => ({
  Id,
  titleEnglish: Id,
  titleSpanish: Id,
  textEnglish: "",
  textSpanish: "",
  active,
  CreatedAt: "2026-11-01T00:00:00.000Z",
  MaintenanceWarning: false,
});

describe("system alert queue", () => {
  it("sorts active first, then unread first, keeping order otherwise", () => {
    const queue = sortAlerts([alert("a", false), alert("b"), alert("c"), alert("d")], new Set(["b"]));
    expect(queue.map((item) => item.Id)).toEqual(["c", "d", "b", "a"]);
    expect(unreadAlerts(queue).map((item) => item.Id)).toEqual(["c", "d"]);
  });

  it("has nothing to show when every active alert is read", () => {
    expect(unreadAlerts(sortAlerts([alert("a"), alert("b", false)], new Set(["a"])))).toEqual([]);
  });

  it("builds the maintenance warning only when it is enabled", () => {
    const window = {
      enabled: true,
      englishText: "Bill pay is down Sunday night.",
      spanishText: "El pago estará caído el domingo.",
      startDate: null,
      endDate: null,
      startTime: "10:00 PM",
      endTime: "11:00 PM",
      daysActive: EVERY_DAY,
    };
    const titles = { english: "Maintenance", spanish: "Mantenimiento" };
    const built = maintenanceAlert(
      { maintenanceWarningAlert: window, maintenanceSettings: null, onlineBillPayEnabled: true },
      titles,
    );
    expect(built).toMatchObject({ textEnglish: window.englishText, textSpanish: window.spanishText, active: true });
    expect(
      maintenanceAlert(
        { maintenanceWarningAlert: null, maintenanceSettings: null, onlineBillPayEnabled: true },
        titles,
      ),
    ).toBeNull();
  });
});
