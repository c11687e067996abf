import { describe, expect, it } from "vitest";
import { feedsSandbox } from "../../emulators/src/sandboxes/feeds/index.ts";
import { CITY_EPOCH } from "../../emulators/src/seed/city.ts";
import { createRssFeedsConnector } from "../../functions/src/connectors/feeds/rss-feeds-connector";
import { createHttpIpLookup } from "../../functions/src/connectors/iplookup/http-ip-lookup";
import { ConnectorError } from "../../functions/src/platform/connector-error";
import { timeWhileSlow, useSandbox } from "../kit/sandbox.ts";

const feeds = () => createRssFeedsConnector();

async function expectUnavailable(work: Promise<unknown>, system = "feeds") {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  expect(error).toMatchObject({ system, kind: "unavailable" });
}

const running = useSandbox(feedsSandbox, { FEEDS_TIMEOUT_MS: "2000", IP_LOOKUP_TIMEOUT_MS: "2000" });

describe("news feed", () => {
  it("parses news items with title, link, date, snippet and a picture that loads", async () => {
    const items = await feeds().news();
    expect(items.length).toBeGreaterThanOrEqual(10);
    const first = items[0];
    expect(first).toMatchObject({
      title: expect.any(String),
      link: expect.stringMatching(/^https:\/\//),
      pubDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      contentSnippet: expect.stringContaining("Category:"),
      enclosure: { url: expect.stringContaining(running.sandbox.url), type: "image/svg+xml" },
    });
    expect(first?.contentSnippet).not.toContain("<p>");
    const picture = await fetch(first?.enclosure?.url ?? "");
    expect(picture.headers.get("content-type")).toContain("image/svg+xml");
    const dates = items.map((item) => item.pubDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("is the same on every run", async () => {
    expect(await feeds().news()).toEqual(await feeds().news());
  });
});

describe("events feed", () => {
  it("parses a year of events with dates, times and location from the calendar namespace", async () => {
    const events = await feeds().events();
    expect(events.length).toBeGreaterThan(100);
    const first = events[0];
    expect(first?.calendarEvent).toEqual({
      EventDates: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
      EventTimes: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M$/),
      Location: expect.any(String),
    });
    const starts = events.map((event) => Date.parse(event.startsAt));
    const spanDays = ((starts.at(-1) ?? 0) - (starts[0] ?? 0)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(330);
    expect(starts.some((start) => start > CITY_EPOCH)).toBe(true);
    for (const event of events) expect(Date.parse(event.endsAt ?? "")).toBeGreaterThan(Date.parse(event.startsAt));
  });

  it("shows times in Chicago time: a 6 PM council meeting starts at 00:00 or 23:00 UTC", async () => {
    const council = (await feeds().events()).find((event) => event.title === "City Council Meeting");
    expect(council?.calendarEvent.EventTimes).toBe("6:00 PM - 8:00 PM");
    expect(["00", "23"]).toContain(council?.startsAt.slice(11, 13));
  });
});

describe("IP lookup", () => {
  it("answers the caller's address as {ip}", async () => {
    expect(await createHttpIpLookup().publicIp()).toBe("127.0.0.1");
  });

  it("is unavailable when the service fails", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectUnavailable(createHttpIpLookup().publicIp(), "iplookup");
  });
});

describe("faults and counters", () => {
  it("gives up on a slow feed within the adapter's timeout: unavailable", async () => {
    const elapsed = await timeWhileSlow(running.control, "FEEDS_TIMEOUT_MS", async () => {
      await expectUnavailable(feeds().news());
    });
    expect(elapsed).toBeLessThan(1000);
  });

  it("maps the feed host's own failures (failureRate 1) to unavailable", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectUnavailable(feeds().events());
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await running.control.setFaults({ down: true });
    await expectUnavailable(feeds().news());
    await expectUnavailable(createHttpIpLookup().publicIp(), "iplookup");
  });

  it("counts requests per route", async () => {
    await feeds().news();
    await feeds().events();
    await createHttpIpLookup().publicIp();
    const counters = await running.control.counters();
    expect(counters.total).toBe(3);
    expect(counters.byRoute["GET /rss/events.xml"]).toBe(1);
  });
});
