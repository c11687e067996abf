import { describe, expect, it } from "vitest";
import { SEEDED_GATEWAY_CUSTOMER_PROFILE_ID } from "../../emulators/src/sandboxes/payments/index.ts";
import type { PaymentProfile } from "../../functions/src/contract/payment-methods.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";

describe("saved payment methods (GET /api/payment-methods)", () => {
  it("answers the resident's legacy profiles with the default one marked and first, masked only", async () => {
    const resident = await principal("resident");
    const answer = await callApi<PaymentProfile[]>("GET", `/api/payment-methods?userId=${resident.user?.uid}`, {
      token: resident.idToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body[0]).toEqual({
      Id: "9100000000000001",
      Token: "9100000000000001",
      MaskedAccountNumber: "XXXX1111",
      Type: "card",
      ProfileDescription: "Visa",
      Default: true,
    });
    expect(answer.body.filter((profile) => profile.Default)).toHaveLength(1);
    expect(JSON.stringify(answer.body)).not.toContain(SEEDED_GATEWAY_CUSTOMER_PROFILE_ID);
    expect(JSON.stringify(answer.body)).not.toMatch(/4111\d{8}/);
  });

  it("refuses another user's list with 403", async () => {
    const [resident, other] = [await principal("resident"), await principal("resident2")];
    const answer = await callApi("GET", `/api/payment-methods?userId=${other.user?.uid}`, { token: resident.idToken });
    expect(answer.status).toBe(403);
  });
});
