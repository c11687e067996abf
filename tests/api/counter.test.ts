import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AuditPage } from "../../functions/src/contract/audit.ts";
import {
  bookableDays,
  type CounterDayVisit,
  type CounterVisit,
  slotTimesOf,
} from "../../functions/src/contract/counter.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";

// /counter (issue 31): a resident books a City Hall visit; staff see it in the day list and check in.

const tokenOf = async (key: "admin" | "staff" | "resident" | "resident2") => (await principal(key)).idToken as string;

describe("counter visits", () => {
  it("books a slot once, confirms it by the message service, serves the .ics, and staff check the person in", async () => {
    // The last bookable day, a time no other test takes.
    const day = bookableDays(new Date()).at(-1) as string;
    const time = slotTimesOf(day).at(-2) as string;
    const booking = { service: "permits", day, time };
    const booked = await callApi<CounterVisit>("POST", "/api/counter/visits", {
      token: await tokenOf("resident"),
      body: booking,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body).toMatchObject({ service: "permits", day, time, checkedInAt: null });

    const again = await callApi("POST", "/api/counter/visits", { token: await tokenOf("resident2"), body: booking });
    expect(again.status).toBe(409);

    const mine = await callApi<CounterVisit[]>("GET", "/api/counter/visits", { token: await tokenOf("resident") });
    expect(mine.body.map((visit) => visit.id)).toContain(booked.body.id);
    const slots = await callApi<{ slots: { time: string; open: boolean }[] }>(
      "GET",
      `/api/counter/slots?service=permits&day=${day}`,
      { token: await tokenOf("resident2") },
    );
    expect(slots.body.slots.find((slot) => slot.time === time)?.open).toBe(false);

    // The confirmation: one email and one in-app message, written to the message service's outbox.
    const { db } = testAdmin();
    const email = await db.collection("outbox").doc(`counter-${booked.body.id}-email`).get();
    expect(email.get("channel")).toBe("email");
    expect(email.get("to.email")).toBe(seededUser("resident").email);
    expect(email.get("content.subject")).toContain("City Hall");
    expect((await db.collection("outbox").doc(`counter-${booked.body.id}-inApp`).get()).exists).toBe(true);

    const ics = await callApi<string>("GET", `/api/counter/visits/${booked.body.id}/calendar?lang=es`, {
      token: await tokenOf("resident"),
    });
    expect(ics.status).toBe(200);
    expect(ics.contentType).toContain("text/calendar");
    expect(ics.body).toContain("BEGIN:VEVENT");
    expect(ics.body).toContain(`DTSTART:${booked.body.startsAt.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    expect(ics.body).toContain("Visita al Ayuntamiento");
    const othersIcs = await callApi("GET", `/api/counter/visits/${booked.body.id}/calendar`, {
      token: await tokenOf("resident2"),
    });
    expect(othersIcs.status).toBe(404);

    const list = await callApi<CounterDayVisit[]>("GET", `/api/console/counter?day=${day}`, {
      token: await tokenOf("staff"),
    });
    expect(list.status).toBe(200);
    expect(list.body.find((visit) => visit.id === booked.body.id)).toMatchObject({
      uid: seededUser("resident").uid,
      name: "Maria Lopez",
      checkedInAt: null,
    });
    const refused = await callApi("GET", `/api/console/counter?day=${day}`, { token: await tokenOf("resident") });
    expect(refused.status).toBe(403);

    const checkIn = await callApi<{ checkedInAt: string }>("POST", `/api/console/counter/${booked.body.id}/check-in`, {
      token: await tokenOf("staff"),
    });
    expect(checkIn.status).toBe(200);
    expect(checkIn.body.checkedInAt).toBeTruthy();
    const audit = await callApi<AuditPage>(
      "GET",
      `/api/audit?${new URLSearchParams({ personUid: seededUser("resident").uid, action: "console.counter.check-in" })}`,
      { token: await tokenOf("admin") },
    );
    expect(audit.body.records[0]).toMatchObject({ actorUid: seededUser("staff").uid, subject: booked.body.id });
    expect(JSON.parse(audit.body.records[0]?.after ?? "{}").checkedInAt).toBeTruthy();
  });

  it("refuses a day gone by, a time outside the hours and a weekend", async () => {
    const token = await tokenOf("resident");
    for (const body of [
      { service: "records", day: "2026-01-05", time: "09:00" },
      { service: "records", day: bookableDays(new Date()).at(-1), time: "07:30" },
      { service: "records", day: "2026-12-06", time: "09:00" },
    ]) {
      const answer = await callApi("POST", "/api/counter/visits", { token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
  });
});
