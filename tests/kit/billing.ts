import { expect } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { BillingAccountSummary } from "../../functions/src/contract/messages.ts";
import { callApi } from "./api.ts";
import { principal } from "./principals.ts";

/** The seeded resident's water accounts as the dashboard asks for them (GET /api/naviline/paymentInformation, 200). */
export async function residentAccounts(): Promise<BillingAccountSummary[]> {
  const resident = await principal("resident");
  const answer = await callApi<BillingAccountSummary[]>(
    "GET",
    `/api/naviline/paymentInformation?userId=${seededUser("resident").uid}`,
    { token: resident.idToken },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}
