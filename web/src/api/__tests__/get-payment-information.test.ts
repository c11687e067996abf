import { describe, expect, it } from "vitest";
import { BILLING_REFRESH_MS, paymentInformationQueryOptions } from "../get-payment-information";

describe("the dashboard's billing query (spec 2 'Billing refresh')", () => {
  it("re-polls the accounts' amounts due every 180000 ms", () => {
    expect(BILLING_REFRESH_MS).toBe(180_000);
    expect(paymentInformationQueryOptions("u1", "personal").refetchInterval).toBe(180_000);
    expect(paymentInformationQueryOptions("u1", "org-7").refetchInterval).toBe(180_000);
  });

  it("keeps one key per user and organization context", () => {
    expect(paymentInformationQueryOptions("u1", "org-7").queryKey).toEqual(["paymentInformation", "u1", "org-7"]);
  });
});
