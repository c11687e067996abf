import type { DashboardActivity } from "@contract/case-status";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/react-query";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { AttentionPanel } from "../components/attention";
import { RecentActivity } from "../components/recent-activity";

const completedPermit: DashboardActivity = {
  id: "a1",
  type: "COE_Permit__c",
  activityName: "Fence permit",
  caseNumber: "COE-2026-00001",
  actionRequired: false,
  actionRequiredMessage: null,
  isCancelable: false,
  paymentRequired: false,
  paymentAmount: null,
  status: "Issued",
  statusInformation: { label: "Issued", color: "green" } as DashboardActivity["statusInformation"],
  lastModified: "2026-03-01T15:00:00.000Z",
  createdDate: "2026-02-01T15:00:00.000Z",
  data: { attributes: { type: "COE_Permit__c" } },
};

function renderPanel(response: { inProgress: DashboardActivity[]; completed: DashboardActivity[] }) {
  fakeFetch(({ url }) => (url.includes("/api/salesforce/inProgress") ? json(response) : undefined));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AttentionPanel items={[]} isError={false} isPending={false} organizationId="personal" />
        <RecentActivity organizationId="personal" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the dashboard's Attention panel when empty", () => {
  it.each([
    ["en", en],
    ["es", es],
  ] as const)("says 'Activity.NoActivities' to a user without any activity (%s)", async (language, texts) => {
    await i18n.changeLanguage(language);
    renderPanel({ inProgress: [], completed: [] });
    expect(await screen.findByText(texts.Activity.NoActivities)).toBeTruthy();
  });

  it("says nothing needs attention when the user has activities", async () => {
    renderPanel({ inProgress: [], completed: [completedPermit] });
    // Loaded: the Recent Activity panel, reading the same query, lists the permit.
    await screen.findByText("Fence permit");
    expect(screen.getByText(en.DashboardHome.NothingNeedsAttention)).toBeTruthy();
    expect(screen.queryByText(en.Activity.NoActivities)).toBeNull();
  });
});
