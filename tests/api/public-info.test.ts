import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { buildBillingSeed } from "../../emulators/src/seed/billing.ts";
import { city } from "../../emulators/src/seed/city.ts";
import type { NewsPost } from "../../functions/src/contract/city-news.ts";
import { cityToday, nextDay } from "../../functions/src/contract/city-time.ts";
import type { GarbageRecord } from "../../functions/src/contract/garbage-pickup.ts";
import type { PermitSearchPage } from "../../functions/src/contract/permits.ts";
import { callApi } from "../kit/api.ts";
import { stackCrm } from "../kit/identity.ts";
import { stackInfo } from "../kit/stack-info.ts";

const GARBAGE = "/api/salesforce/landParcelMaster/garbagePickupDay";
const mondayHouse = city().parcels.find((parcel) => parcel.Refuse_Pickup_Day__c === "Monday" && !parcel.UnitName__c);

describe("garbage pickup day (spec 3 §4, §5)", () => {
  it("answers an empty list without a street number or name, and asks the CRM nothing", async () => {
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const before = (await crm.counters()).total;
    const answer = await callApi<GarbageRecord[]>("GET", `${GARBAGE}?streetNumber=&street=`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
    expect((await crm.counters()).total).toBe(before);
  });

  it("finds an address by number and name, moves a Monday pickup for Labor Day, and caches the CRM read", async () => {
    if (!mondayHouse) throw new Error("seed: no Monday house");
    const path = `${GARBAGE}?streetNumber=${mondayHouse.AddNum__c}&street=${encodeURIComponent(`${mondayHouse.StName__c} ${mondayHouse.StType__c}.`)}`;
    const laborDayWeek = await callApi<GarbageRecord[]>("GET", `${path}&date=2026-09-07`);
    expect(laborDayWeek.status).toBe(200);
    expect(laborDayWeek.body).toHaveLength(1);
    expect(laborDayWeek.body[0]).toMatchObject({
      Id: mondayHouse.Id,
      Parcel_Address__c: mondayHouse.Parcel_Address__c,
      Refuse_Pickup_Day__c: "Monday",
      isDelayedFromHoliday: true,
      holidayName: "LaborDay",
      pickup: { day: "2026-09-08", usualDay: "2026-09-07", week: "this" },
      leafBagSeason: false,
    });
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const before = (await crm.counters()).total;
    const ordinaryWeek = await callApi<GarbageRecord[]>("GET", `${path}&date=2026-10-13`);
    expect(ordinaryWeek.body[0]).toMatchObject({
      isDelayedFromHoliday: false,
      holidayName: null,
      pickup: { day: "2026-10-19", usualDay: "2026-10-19", week: "next" },
      leafBagSeason: true,
    });
    expect((await crm.counters()).total).toBe(before);
  });

  it("a street name alone lists that street's addresses", async () => {
    const answer = await callApi<GarbageRecord[]>("GET", `${GARBAGE}?street=gifford&date=2026-11-24`);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    expect(answer.body.every((record) => record.Parcel_Address__c.includes(" GIFFORD ST"))).toBe(true);
  });

  it("refuses an impossible date and an unknown parcel's calendar", async () => {
    expect((await callApi("GET", `${GARBAGE}?street=park&date=2026-02-30`)).status).toBe(400);
    const calendar = await callApi("GET", "/api/salesforce/landParcelMaster/garbageCalendar/a01000000999999AAA");
    expect(calendar.status).toBe(404);
  });
});

describe("knowledge base (spec 3 §2, §7)", () => {
  it("serves trending, search and an article from one cached CRM read, Spanish for Spanish readers", async () => {
    const trending = await callApi<{ id: string }[]>("GET", "/api/salesforce/knowledgebase/trending?lang=es");
    expect(trending.status).toBe(200);
    expect(trending.body).toHaveLength(5);
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const before = (await crm.counters()).total;
    const search = await callApi<{ articles: { id: string; title: string; language: string }[]; total: number }>(
      "GET",
      "/api/salesforce/knowledgebase?term=bache&page=1&lang=es",
    );
    expect(search.body.articles.map((article) => article.title)).toContain("Reportar un bache");
    expect(search.body.articles.every((article) => article.language === "es")).toBe(true);
    const id = search.body.articles[0]?.id as string;
    const article = await callApi<{ title: string; layoutItems: { value: string }[] }>(
      "GET",
      `/api/salesforce/knowledgebase/${id}?lang=en`,
    );
    expect(article.status).toBe(200);
    expect(article.body.layoutItems[0]?.value).toContain("Call 311");
    expect(article.body.layoutItems[0]?.value).not.toContain("<p>");
    expect((await crm.counters()).total).toBe(before);
    expect((await callApi("GET", "/api/salesforce/knowledgebase/kA0000000999999AAA")).status).toBe(404);
  });
});

describe("permit search by address and by name (spec 3 §2, §7: audit item Q01)", () => {
  const permits = buildBillingSeed().permits;
  const permit = permits.find((candidate) => candidate.streetNumber && candidate.ownerName.length >= 3);
  if (!permit) throw new Error("seed: no permit with a street number and an owner");
  const search = async (query: Record<string, string>) => {
    const answer = await callApi<PermitSearchPage>("GET", `/api/permits/search?${new URLSearchParams(query)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const rowOf = (one: typeof permit) => ({
    ApplicationNumber: one.number,
    ApplicationYear: String(one.year),
    StreetNumber: one.streetNumber,
    StreetName: one.streetName,
    StreetSuffix: one.streetSuffix,
    Name: one.ownerName,
  });
  const sorted = (rows: PermitSearchPage["rows"]) =>
    [...rows].sort((a, b) =>
      `${a.ApplicationYear}-${a.ApplicationNumber}`.localeCompare(`${b.ApplicationYear}-${b.ApplicationNumber}`),
    );

  it("an address (street number and street name, any case) lists that address's permits as spec 3 §3 rows", async () => {
    const atAddress = permits.filter(
      (candidate) => candidate.streetName === permit.streetName && candidate.streetNumber === permit.streetNumber,
    );
    const page = await search({ streetName: permit.streetName.toLowerCase(), streetNumber: permit.streetNumber });
    expect(page.total).toBe(atAddress.length);
    expect(sorted(page.rows)).toEqual(sorted(atAddress.map(rowOf)));
    // The street name alone lists the whole street.
    const street = await search({ streetName: permit.streetName });
    expect(street.total).toBe(permits.filter((candidate) => candidate.streetName.startsWith(permit.streetName)).length);
    expect(street.total).toBeGreaterThan(page.total);
  });

  it("an owner's name lists that owner's permits", async () => {
    const owned = permits.filter((candidate) => candidate.ownerName.includes(permit.ownerName));
    const page = await search({ ownerName: permit.ownerName.toLowerCase() });
    expect(page.total).toBe(Math.min(owned.length, 200));
    expect(page.rows.every((row) => row.Name.includes(permit.ownerName))).toBe(true);
    expect(page.rows).toContainEqual(rowOf(permit));
  });
});

describe("the city news feed shows a post from its Show_On__c day (spec 3 §3: audit item N02)", () => {
  it("leaves out a post dated tomorrow and shows one dated today", async () => {
    const crm = stackCrm();
    const today = cityToday();
    const marker = `n02-${Date.now().toString(36)}`;
    const made: string[] = [];
    try {
      made.push(
        await crm.create("Elgin_Today__c", {
          Category__c: "News",
          Update__c: `Shown today ${marker}`,
          Show_On__c: today,
        }),
      );
      made.push(
        await crm.create("Elgin_Today__c", {
          Category__c: "News",
          Update__c: `Shown tomorrow ${marker}`,
          Show_On__c: nextDay(today),
        }),
      );
      // A page size no other test asks for, so no function instance has this page cached.
      const answer = await callApi<NewsPost[]>("GET", "/api/salesforce/elginToday?offset=0&limit=7");
      expect(answer.status).toBe(200);
      const titles = answer.body.map((post) => post.Update__c);
      expect(titles).toContain(`Shown today ${marker}`);
      expect(titles.filter((title) => title.includes(marker))).toEqual([`Shown today ${marker}`]);
      expect(answer.body.every((post) => post.Show_On__c <= today)).toBe(true);
    } finally {
      for (const id of made) await crm.destroy("Elgin_Today__c", id);
    }
  });
});
