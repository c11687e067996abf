import { describe, expect, it } from "vitest";
import { customerKey, waterAccountLinkThrottles } from "./water-account-link.service";

describe("customerKey", () => {
  it("gives one throttle key per customer however the account is typed", () => {
    expect(customerKey("000123456-000789")).toBe("123456");
    expect(customerKey("123456-789")).toBe("123456");
    expect(customerKey("0123456")).toBe("123456");
    expect(customerKey("0-0")).toBe("0");
  });
});

describe("waterAccountLinkThrottles", () => {
  it("gives both routes the same budgets, keyed on the field that holds the customer id", () => {
    const onboarding = waterAccountLinkThrottles("utilityAccountId");
    const accountPage = waterAccountLinkThrottles("customerId");
    expect(onboarding.map((rule) => rule.name)).toEqual(accountPage.map((rule) => rule.name));
    expect(onboarding.filter((rule) => rule.counts === "failures").map((rule) => rule.key)).toContainEqual(
      expect.objectContaining({ in: "body", field: "utilityAccountId" }),
    );
  });
});
