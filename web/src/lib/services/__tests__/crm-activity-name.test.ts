import { describe, expect, it } from "vitest";
import { spanishTranslator } from "@/testing/spanish-translator";
import { crmActivityName } from "../crm-activity-name";

describe("crmActivityName", () => {
  it("names a form's case by its catalogue service's translation (it showed the CRM's English name)", async () => {
    const t = await spanishTranslator({ Activity: { Item: { "svc-block-party": "Permiso para fiesta de cuadra" } } });
    const filed = { type: "Case", activityName: "Block Party Permit", catalogueId: "svc-block-party" };
    expect(crmActivityName(t, filed)).toBe("Permiso para fiesta de cuadra");
  });

  it("shows any other name as the CRM or the resident wrote it, and the object's label translated", async () => {
    const t = await spanishTranslator({ Activity: { Types: { Zoning_Inquiry__c: "Consulta de zonificación" } } });
    expect(crmActivityName(t, { type: "Case", activityName: "Pothole on Main St" })).toBe("Pothole on Main St");
    expect(crmActivityName(t, { type: "Zoning_Inquiry__c", activityName: "Zoning Inquiry" })).toBe(
      "Consulta de zonificación",
    );
  });
});
