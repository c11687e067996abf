import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { setIdTokenSource } from "@/lib/api-client";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { prefetchAlertData, prefetchPageData, prefetchShellData } from "../prefetch";

const requestedUrls = (mock: ReturnType<typeof fakeFetch>) => mock.mock.calls.map(([input]) => String(input)).sort();
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The URLs asked for once the started fetches have run. */
const settledUrls = async (mock: ReturnType<typeof fakeFetch>) => {
  await settle();
  return requestedUrls(mock);
};

describe("prefetch", () => {
  it("asks for the shell's data together, once, and not again while it is fresh", async () => {
    const fetchMock = fakeFetch(() => json([]));
    const client = new QueryClient();
    prefetchShellData(client, "u1");
    prefetchShellData(client, "u1");
    expect(await settledUrls(fetchMock)).toEqual(["/api/featureflags?id=u1", "/api/i18n/languages"]);
  });

  it("asks for the alert dialog's data without a token, whoever is signed in", async () => {
    setIdTokenSource(async () => "token-u1");
    const fetchMock = fakeFetch(() => json([]));
    const client = new QueryClient();
    prefetchAlertData(client);
    prefetchAlertData(client);
    expect(await settledUrls(fetchMock)).toEqual(["/api/paymentMaintenanceInfo", "/api/systemAlerts"]);
    for (const [, init] of fetchMock.mock.calls) expect(new Headers(init?.headers).has("Authorization")).toBe(false);
    setIdTokenSource(async () => null);
  });

  it("starts the dashboard's data for /dashboard only, with the remembered organization", async () => {
    const fetchMock = fakeFetch(() => json([]));
    const client = new QueryClient();
    prefetchPageData(client, { userId: "u1", pathname: "/login", organizationId: "personal" });
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    prefetchPageData(client, { userId: "u1", pathname: "/dashboard", organizationId: "org-7" });
    expect(await settledUrls(fetchMock)).toEqual([
      "/api/activities?userId=u1",
      "/api/feeds/events",
      "/api/feeds/news",
      "/api/naviline/paymentInformation?userId=u1&organizationId=org-7",
      "/api/notifications",
      "/api/salesforce/inProgress?organizationId=org-7",
    ]);
  });
});
