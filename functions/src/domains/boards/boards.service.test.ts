import { describe, expect, it } from "vitest";
import { boardCategory, boardResources, splitDuties, toBoardDetails } from "./boards.service";

describe("board records", () => {
  it("splits powers and duties on '$' into items, dropping empty ones", () => {
    expect(splitDuties("Hold hearings$ Review plans $$Advise the Council$")).toEqual([
      "Hold hearings",
      "Review plans",
      "Advise the Council",
    ]);
    expect(splitDuties("")).toEqual([]);
  });

  it("keeps a resource link only with both a label and a web URL, at most 10", () => {
    const row: Record<string, unknown> = {};
    for (let slot = 1; slot <= 12; slot++) {
      row[`Label_Additional_Information${slot}__c`] = `Doc ${slot}`;
      row[`Additional_Information${slot}__c`] = `https://city.example/doc-${slot}`;
    }
    row.Label_Additional_Information2__c = null;
    row.Additional_Information3__c = "";
    row.Additional_Information4__c = "javascript:alert(1)";
    const links = boardResources(row);
    expect(links.map((link) => link.label)).toEqual(["Doc 1", "Doc 5", "Doc 6", "Doc 7", "Doc 8", "Doc 9", "Doc 10"]);
    expect(links[0]).toEqual({ label: "Doc 1", url: "https://city.example/doc-1" });
  });

  it("carries the CRM's Spanish texts beside the English ones, empty where there are none", () => {
    const board = toBoardDetails({
      Id: "a06000000000001AAA",
      Name: "Youth Commission",
      Overview__c: "Gives young residents a voice.",
      Overview_ES__c: "Da voz a los residentes jóvenes.",
      Term_Length_ES__c: "2 años",
      Powers_Duties_ES__c: "Uno$Dos",
      Label_Additional_Information1__c: "Bylaws",
      Label_Additional_Information1_ES__c: "Reglamento",
      Additional_Information1__c: "https://city.example/bylaws",
    });
    expect(board.spanish).toEqual({
      overview: "Da voz a los residentes jóvenes.",
      termLength: "2 años",
      termLimit: "",
      meetingDay: "",
      powersAndDuties: ["Uno", "Dos"],
    });
    expect(board.resources).toEqual([{ label: "Bylaws", labelEs: "Reglamento", url: "https://city.example/bylaws" }]);
  });

  it("tells boards from commissions by name", () => {
    expect(boardCategory("Heritage Commission")).toBe("commission");
    expect(boardCategory("Board of Fire and Police Commissioners")).toBe("board");
    expect(boardCategory("Hemmens Advisory Board")).toBe("board");
  });

  it("reads the liaison through the relationship and keeps a missing size as null", () => {
    const board = toBoardDetails({
      Id: "a06000000000001AAA",
      Name: "Youth Commission",
      Alias__c: "YC",
      Vacancies__c: 2,
      Size__c: null,
      Staff_Liaison__r: { Name: "Ana Ruiz" },
      Staff_Liaison_Email__c: "ana@city.example",
      Powers_Duties__c: "One$Two",
    });
    expect(board).toMatchObject({
      alias: "YC",
      category: "commission",
      vacancies: 2,
      size: null,
      liaison: { name: "Ana Ruiz", email: "ana@city.example", phone: "" },
      powersAndDuties: ["One", "Two"],
      resources: [],
    });
  });
});
