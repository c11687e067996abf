import { describe, expect, it } from "vitest";
import { FEED_CACHE_MS, feedCache, upcomingEvents } from "./feeds.routes";

describe("feed cache", () => {
  it("reads once per period, retries after a failure, and lets a forced read through once per 5 s", async () => {
    let time = 1_000_000;
    let calls = 0;
    let fail = false;
    const read = feedCache(
      async () => {
        calls++;
        if (fail) throw new Error("down");
        return calls;
      },
      () => time,
    );
    expect(await read()).toBe(1);
    time += FEED_CACHE_MS - 1;
    expect(await read()).toBe(1);
    time += 1;
    expect(await read()).toBe(2);
    fail = true;
    await expect(read(true)).rejects.toThrow("down");
    await expect(read()).rejects.toThrow("down"); // a failure is not kept: the next call reads again
    fail = false;
    expect(await read()).toBe(5);
    expect(await read(true)).toBe(5); // forced again within 5 s: served from the cache
    time += 5_000;
    expect(await read(true)).toBe(6);
  });

  it("keeps upcoming events, soonest first", () => {
    const event = (startsAt: string) => ({
      title: startsAt,
      link: "https://e.example",
      calendarEvent: { EventDates: "", EventTimes: "", Location: "" },
      startsAt,
      endsAt: null,
    });
    const now = new Date("2026-11-22T12:00:00Z");
    const result = upcomingEvents(
      [event("2026-12-01T00:00:00Z"), event("2026-11-01T00:00:00Z"), event("2026-11-22T18:00:00Z")],
      now,
    );
    expect(result.map((item) => item.startsAt)).toEqual(["2026-11-22T18:00:00Z", "2026-12-01T00:00:00Z"]);
  });
});
