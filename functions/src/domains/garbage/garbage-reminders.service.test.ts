import { describe, expect, it } from "vitest";
import { reminderText, weekdaysPickedUpOn } from "./garbage-reminders.service";

describe("garbage reminder timing", () => {
  it("knows whose truck comes on a day, holiday shifts applied as the garbage page shows them", () => {
    // Thanksgiving 2026 is Thursday the 26th: Thursday moves to Friday, Friday to Saturday.
    expect(weekdaysPickedUpOn("2026-11-25")).toEqual(["Wednesday"]);
    expect(weekdaysPickedUpOn("2026-11-26")).toEqual([]);
    expect(weekdaysPickedUpOn("2026-11-27")).toEqual(["Thursday"]);
    expect(weekdaysPickedUpOn("2026-11-28")).toEqual(["Friday"]);
    // Christmas 2026 is a Friday: only Friday moves.
    expect(weekdaysPickedUpOn("2026-12-24")).toEqual(["Thursday"]);
    expect(weekdaysPickedUpOn("2026-12-26")).toEqual(["Friday"]);
    expect(weekdaysPickedUpOn("2026-12-29")).toEqual(["Tuesday"]);
  });

  it("words the reminder in English and Spanish, with the holiday and leaf bags when they apply", () => {
    const moved = { address: "150 Dexter Ct", pickupDay: "2026-11-27", holiday: "ThanksgivingDay" as const };
    expect(reminderText("en", moved)).toEqual({
      title: "Garbage pickup tomorrow",
      body: "Put the garbage for 150 Dexter Ct at the curb by 7 a.m. tomorrow, Friday, November 27. This week the pickup is one day later because of Thanksgiving Day. Leaf bags are picked up with the garbage from October 1 to November 30.",
    });
    expect(reminderText("es", { ...moved, pickupDay: "2026-12-02", holiday: null })).toEqual({
      title: "Recolección de basura mañana",
      body: "Saque la basura de 150 Dexter Ct antes de las 7 a. m. de mañana, miércoles 2 de diciembre.",
    });
  });
});
