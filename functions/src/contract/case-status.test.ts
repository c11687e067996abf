import { describe, expect, it } from "vitest";
import { caseStatusDisplay } from "./case-status";

describe("caseStatusDisplay (spec 1 §4 case status table)", () => {
  it.each([
    ["Cancelled", undefined, "red", "Cancelled"],
    ["Complete", undefined, "green", "Complete"],
    ["Closed", undefined, "red", "Closed"],
    ["Issued", "Case", "orange", "Issued"],
    ["Open", undefined, "blue", "Open"],
    ["Rejected", undefined, "red", "Rejected"],
    ["Scheduled", undefined, "orange", "Scheduled"],
    ["Submitted", undefined, "blue", "Submitted"],
    ["Under Review", undefined, "yellow", "Under Staff Review"],
    ["New", undefined, "blue", "New"],
    ["Issued", "Permit_Applications__c", "green", "Issued"],
    ["Ready for Issuance", undefined, "yellow", "Permit Ready"],
    ["Pending Payment", undefined, "orange", "Pending Payment"],
    ["Permit Issued", undefined, "green", "Permit Issued"],
    ["Permit Issued with conditions", undefined, "green", "Permit Issued with conditions"],
    ["Schedule Inspection", undefined, "yellow", "Call for Inspection"],
    ["Closed Not Approved", undefined, "red", "Closed: Not Approved"],
    ["Generate Permit", undefined, "yellow", "Generating Permit"],
  ])("%s (%s) is %s, shown as %s", (status, objectType, color, label) => {
    expect(caseStatusDisplay(status, objectType)).toEqual({ color, label });
  });

  it("Issued of a COE permit (permitting and licensing) is green too", () => {
    expect(caseStatusDisplay("Issued", "COE_Permit__c")).toEqual({ color: "green", label: "Issued" });
  });

  it.each([["On Hold"], ["under review"], ["toString"], [""]])(
    "an unknown value %j is shown as it comes, gray",
    (status) => {
      expect(caseStatusDisplay(status)).toEqual({ color: "gray", label: status });
    },
  );

  it("a missing status is gray with an empty label", () => {
    expect(caseStatusDisplay(null)).toEqual({ color: "gray", label: "" });
    expect(caseStatusDisplay(undefined)).toEqual({ color: "gray", label: "" });
  });
});
