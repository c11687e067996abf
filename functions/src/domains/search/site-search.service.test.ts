import { describe, expect, it } from "vitest";
import type { Activity } from "../../contract/activity";
import { SEARCH_PAGE_SIZE } from "../../contract/site-search";
import {
  buildIndex,
  excerpt,
  highlightParts,
  pageOfResults,
  type SearchContent,
  searchDocs,
} from "./site-search.service";

const service = (Id: string, Item: string, Description = ""): Activity =>
  ({ Id, Item, Description, Content: "" }) as Activity;

const content: SearchContent = {
  articles: {
    en: [
      {
        id: "kA1",
        title: "Reporting a pothole",
        summary: "How the city prioritizes and fills potholes.",
        language: "en",
        layoutItems: [{ name: "Body__c", label: "Body", value: "Call 311 or use the portal." }],
        trending: 1,
      },
    ],
    es: [
      {
        id: "kA1",
        title: "Cómo reportar un bache",
        summary: "Cómo la ciudad prioriza y rellena los baches.",
        language: "es",
        layoutItems: [],
        trending: 1,
      },
    ],
  },
  boards: [],
  news: [{ Id: "n1", Category__c: "Streets", Update__c: "Street resurfacing starts Monday", Additional_Info__c: "" }],
  spanishServiceNames: new Map([["svc-report-pothole", "Bache"]]),
};
const services = [service("svc-report-pothole", "Pothole"), service("svc-report-graffiti", "Graffiti")];

describe("site search index", () => {
  it("finds the pothole service for a misspelled 'potholle', ranked first", () => {
    const answer = pageOfResults(buildIndex(searchDocs("en", services, content)), "potholle", 1);
    expect(answer.results[0]).toMatchObject({
      kind: "service",
      title: "Pothole",
      url: "/activity/start?activityId=svc-report-pothole",
    });
    expect(answer.results.map((result) => result.kind)).toContain("article");
    expect(answer.results[0]?.titleParts).toEqual([{ text: "Pothole", match: true }]);
  });

  it("searches in the reader's language, accents aside, and keeps English service names findable", () => {
    const index = buildIndex(searchDocs("es", services, content));
    const answer = pageOfResults(index, "bache", 1);
    expect(answer.results.map((result) => result.title)).toEqual(["Bache", "Cómo reportar un bache"]);
    expect(pageOfResults(index, "como reportar", 1).results[0]?.title).toBe("Cómo reportar un bache");
    expect(pageOfResults(index, "pothole", 1).results[0]?.title).toBe("Bache");
  });

  it("pages by 15 and says how many there are", () => {
    const many = Array.from({ length: 20 }, (_, index) => service(`svc-${index}`, `Permit number ${index}`));
    const index = buildIndex(searchDocs("en", many, content));
    const first = pageOfResults(index, "permit", 1);
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.total).toBeGreaterThanOrEqual(20);
    expect(pageOfResults(index, "permit", 2).results).toHaveLength(first.total - SEARCH_PAGE_SIZE);
    expect(pageOfResults(index, "", 1)).toMatchObject({ results: [], total: 0 });
    expect(pageOfResults(index, "zzqxw", 1).total).toBe(0);
  });

  it("marks matched words and cuts long bodies around the first match", () => {
    expect(highlightParts("Fill a pothole today", new Set(["pothole"]))).toEqual([
      { text: "Fill a ", match: false },
      { text: "pothole", match: true },
      { text: " today", match: false },
    ]);
    const long = `${"word ".repeat(60)}pothole ${"tail ".repeat(60)}`;
    const cut = excerpt(long, new Set(["pothole"]));
    expect(cut.startsWith("…")).toBe(true);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).toContain("pothole");
    expect(cut.length).toBeLessThanOrEqual(185);
  });
});
