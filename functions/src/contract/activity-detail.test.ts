import { describe, expect, it } from "vitest";
import { statusPath } from "./activity-detail";
import { caseStatusDisplay } from "./case-status";

const CASE = ["New", "Open", "Submitted", "Under Review", "Complete", "Closed", "Cancelled", "Rejected"];
const path = (current: string, statuses: readonly string[] = CASE) =>
  statusPath(statuses, current, (status) => caseStatusDisplay(status, "Case")).map(
    (step) => `${step.status}:${step.state}${step.terminated ? ":terminated" : ""}`,
  );

describe("statusPath", () => {
  it("collapses Complete, Closed, Cancelled and Rejected into one end, Complete by default", () => {
    expect(path("Open")).toEqual([
      "New:done",
      "Open:current",
      "Submitted:upcoming",
      "Under Review:upcoming",
      "Complete:upcoming",
    ]);
  });

  it("never draws a refusal or a hold as a step still to come (issue 28)", () => {
    const withHold = [...CASE, "On Hold"];
    expect(path("Submitted", withHold)).not.toContain("Rejected:upcoming");
    expect(path("Submitted", withHold)).not.toContain("On Hold:upcoming");
    expect(path("Rejected").at(-1)).toBe("Rejected:current:terminated");
    expect(path("On Hold", withHold)).toEqual([
      "New:done",
      "Open:done",
      "Submitted:done",
      "Under Review:done",
      "On Hold:current",
      "Complete:upcoming",
    ]);
    const permit = ["Submitted", "Under Review", "Permit Issued", "Complete", "Closed Not Approved"];
    expect(path("Under Review", permit)).toEqual([
      "Submitted:done",
      "Under Review:current",
      "Permit Issued:upcoming",
      "Complete:upcoming",
    ]);
  });

  it("ends at Complete when the record is complete, not terminated", () => {
    expect(path("Complete").at(-1)).toBe("Complete:current");
    expect(
      path("Complete")
        .slice(0, -1)
        .every((step) => step.endsWith(":done")),
    ).toBe(true);
  });

  it("shows Closed or Cancelled as the terminated end when current", () => {
    expect(path("Closed").at(-1)).toBe("Closed:current:terminated");
    expect(path("Cancelled").at(-1)).toBe("Cancelled:current:terminated");
    expect(path("Cancelled")).not.toContain("Complete:upcoming");
  });

  it("uses Completed as the end when the object has no Complete, and places an unknown current status", () => {
    expect(path("On Hold", ["New", "Closed"])).toEqual(["New:done", "On Hold:current", "Completed:upcoming"]);
  });

  it("carries the status display (colour and label) of each step", () => {
    const steps = statusPath(["Under Review", "Complete"], "Under Review", (status) => caseStatusDisplay(status));
    expect(steps[0]?.statusInformation).toEqual({ color: "yellow", label: "Under Staff Review" });
    expect(steps[1]?.statusInformation).toEqual({ color: "green", label: "Complete" });
  });
});
