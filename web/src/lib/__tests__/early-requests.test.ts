import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { getPaymentMaintenanceInfo, paymentMaintenanceQueryOptions } from "@/api/get-payment-maintenance-info";
import { activeSystemAlertsQueryOptions, getActiveSystemAlerts } from "@/features/system-alerts/api/get-system-alerts";
import { fakeFetch, json } from "@/testing/fake-fetch";
import earlyRequestsScript from "../../../public/early-requests.js?raw";
import { ApiError } from "../api-client";
import { rememberSession } from "../auth/session-hint";
import { keepShellQueriesForSession } from "../session-query-cache";

const ALERTS = [{ Id: "a1", titleEnglish: "Water main work", active: true }];
const MAINTENANCE = { maintenanceWarningAlert: null };

/** Runs index.html's /early-requests.js as the browser does: a classic script in the page. */
const runEarlyScript = () => new Function(earlyRequestsScript)();

afterEach(() => {
  delete window.__PORTAL_EARLY_REQUESTS__;
  window.sessionStorage.clear();
});

describe("requests started by index.html before the app's code (first-visit alert dialog)", () => {
  it("a visitor's alerts and maintenance info are asked for once, and the app takes those answers", async () => {
    const fetchMock = fakeFetch(({ url }) => {
      if (url === "/api/systemAlerts") return json(ALERTS);
      if (url === "/api/paymentMaintenanceInfo") return json(MAINTENANCE);
      return undefined;
    });
    runEarlyScript();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/systemAlerts", "/api/paymentMaintenanceInfo"]);
    // The same request the app's client makes: a GET asking for JSON, no token (a visitor).
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init?.headers).get("Accept")).toBe("application/json");
      expect(init?.method ?? "GET").toBe("GET");
    }

    expect(await getActiveSystemAlerts()).toEqual(ALERTS);
    expect(await getPaymentMaintenanceInfo()).toEqual(MAINTENANCE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken once: a later refetch asks the API again.
    expect(await getActiveSystemAlerts()).toEqual(ALERTS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("answers already in are the queries' first data, dated when they arrived: no pending render, no fetch", async () => {
    const fetchMock = fakeFetch(({ url }) => (url === "/api/systemAlerts" ? json(ALERTS) : json(MAINTENANCE)));
    runEarlyScript();
    const early = window.__PORTAL_EARLY_REQUESTS__?.["/api/systemAlerts"];
    await early?.answer;
    await window.__PORTAL_EARLY_REQUESTS__?.["/api/paymentMaintenanceInfo"]?.answer;
    const arrivedAt = early?.at ?? -1;

    const queryClient = new QueryClient();
    expect(await queryClient.fetchQuery(activeSystemAlertsQueryOptions())).toEqual(ALERTS);
    expect(queryClient.getQueryState(activeSystemAlertsQueryOptions().queryKey)?.dataUpdatedAt).toBe(arrivedAt);
    expect(await queryClient.fetchQuery(paymentMaintenanceQueryOptions())).toEqual(MAINTENANCE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken: the next fetch of the list asks the API.
    expect(await queryClient.fetchQuery({ ...activeSystemAlertsQueryOptions(), staleTime: 0 })).toEqual(ALERTS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("asks early for a browser with a session too: both answers are the same for every caller", () => {
    const fetchMock = fakeFetch(() => json([]));
    rememberSession(true);
    runEarlyScript();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/systemAlerts", "/api/paymentMaintenanceInfo"]);
    for (const [, init] of fetchMock.mock.calls) expect(new Headers(init?.headers).has("Authorization")).toBe(false);
  });

  it("skips a query the tab already holds for the session, and still asks for the other", async () => {
    fakeFetch(({ url }) => (url === "/api/systemAlerts" ? json(ALERTS) : json(MAINTENANCE)));
    const earlier = new QueryClient();
    keepShellQueriesForSession(earlier);
    await earlier.fetchQuery(activeSystemAlertsQueryOptions());
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The next page load of the tab: a new window, the session storage kept.
    delete window.__PORTAL_EARLY_REQUESTS__;

    const fetchMock = fakeFetch(() => json(MAINTENANCE));
    runEarlyScript();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/paymentMaintenanceInfo"]);
  });

  it("starts nothing when the app's code ran first and asked itself (the script is async)", async () => {
    const fetchMock = fakeFetch(() => json(ALERTS));
    await getActiveSystemAlerts();
    runEarlyScript();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/systemAlerts"]);
  });

  it("a failed early request is asked again by the app, with its usual error", async () => {
    const fetchMock = fakeFetch(() => json({ error: { code: "unavailable", message: "Down" } }, 503));
    runEarlyScript();
    const error = await getActiveSystemAlerts().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    // The early request, then the app's own.
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/systemAlerts")).toHaveLength(2);
  });
});
