import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { prefetchPageData, prefetchShellData } from "../prefetch";

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
    expect(await settledUrls(fetchMock)).toEqual([
      "/api/featureflags?id=u1",
      "/api/i18n/languages",
      "/api/paymentMaintenanceInfo",
      "/api/systemAlerts",
    ]);
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
