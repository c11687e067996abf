import type { Request } from "firebase-functions/v2/https";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChargeRequest } from "../../connectors/payments/types";
import { TRANSACTION_RACE_TIMEOUT_MS, useFirestoreEmulator } from "../../data/__tests__/firestore-emulator";
import { ConnectorError } from "../../platform/connector-error";
import { ApiError } from "../../platform/http/api-error";
import type { Logger } from "../../platform/logger";
import { type PaymentPlan, payOnce } from "./payment.service";

/** The card gateway at the boundary: counts charges; a nonce "declined" is declined. */
const gateway = vi.hoisted(() => ({ charges: [] as string[] }));
vi.mock("../../connectors/payments/connection", () => ({
  gatewayConnector: () => ({
    charge: async (request: ChargeRequest) => {
      if ("nonce" in request.source && request.source.nonce === "declined") {
        throw new ConnectorError("gateway", "rejected", "declined");
      }
      gateway.charges.push(request.idempotencyKey);
      return {
        transactionId: `t${gateway.charges.length}`,
        authCode: "A1",
        amountCents: request.amountCents,
        maskedCardNumber: "XXXX1111",
        cardType: "Visa",
      };
    },
  }),
}));

useFirestoreEmulator("demo-pay-once");

beforeEach(() => {
  gateway.charges.length = 0;
});

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A request with its Idempotency-Key, as the route hands it over. */
const requestWithKey = (key: string) =>
  ({
    get: (name: string) => (name === "idempotency-key" ? key : undefined),
    res: { setHeader: () => undefined },
  }) as unknown as Request;

/** A form fee's attempt for `reference`; its plan (the checks) ends when `checked` settles. */
function formFeeAttempt(key: string, reference: string, checked: Promise<void>, nonce = "approves") {
  const plan: PaymentPlan = {
    paymentType: "FORM_FEE",
    accountNumber: "000000000-000000000",
    amountCents: 2500,
    description: "Form fee",
    reference,
    source: { nonce },
    postTo: null,
  };
  return payOnce({
    req: requestWithKey(key),
    uid: "u1",
    path: "/api/payment",
    body: { key, nonce },
    claim: { paymentType: "FORM_FEE", accountNumber: plan.accountNumber, amountCents: plan.amountCents },
    log: quiet,
    plan: async () => {
      await checked;
      return plan;
    },
  });
}

describe("payOnce: a reference is paid once", () => {
  it(
    "of attempts whose checks all found it unpaid (two tabs, a key each), one charges and the rest are 409",
    async () => {
      let allChecked: () => void = () => undefined;
      const checked = new Promise<void>((resolve) => {
        allChecked = resolve;
      });
      const attempts = ["k1", "k2", "k3"].map((key) => formFeeAttempt(key, "submission-1", checked));
      allChecked();
      const outcomes = await Promise.allSettled(attempts);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      for (const outcome of outcomes.filter((candidate) => candidate.status === "rejected")) {
        expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
        expect(((outcome as PromiseRejectedResult).reason as ApiError).code).toBe("conflict");
      }
      expect(gateway.charges).toHaveLength(1);
      // The attempts race for the reference's claim inside a transaction.
    },
    TRANSACTION_RACE_TIMEOUT_MS,
  );

  it("a declined card takes nothing and holds nothing: the next attempt charges", async () => {
    const declined = await formFeeAttempt("k4", "submission-2", Promise.resolve(), "declined").catch(
      (error: unknown) => error,
    );
    expect((declined as ApiError).code).toBe("rejected");
    expect(gateway.charges).toHaveLength(0);

    const paid = await formFeeAttempt("k5", "submission-2", Promise.resolve());
    expect(paid.amountCents).toBe(2500);
    expect(gateway.charges).toEqual([expect.any(String)]);
    // And then it is held: another key is refused without a charge.
    const again = await formFeeAttempt("k6", "submission-2", Promise.resolve()).catch((error: unknown) => error);
    expect((again as ApiError).code).toBe("conflict");
    expect(gateway.charges).toHaveLength(1);
  });
});
