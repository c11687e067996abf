import type { Request } from "firebase-functions/v2/https";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ChargeRequest } from "../../connectors/payments/types";
import { PAY_AGAIN_CODE } from "../../contract/payment-constants";
import { TRANSACTION_RACE_TIMEOUT_MS, useFirestoreEmulator } from "../../data/__tests__/firestore-emulator";
import { ConnectorError } from "../../platform/connector-error";
import { ApiError } from "../../platform/http/api-error";
import type { Logger } from "../../platform/logger";
import { billReference, type PaymentPlan, payOnce } from "./payment.service";

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
    codeGroup: "MISC",
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

/** A bill's attempt (a license: nothing is posted), with its reference from billReference() after `checked`. */
function billAttempt(
  key: string,
  accountNumber: string,
  options: { confirmed: boolean; checked?: Promise<void>; mayKnow?: boolean },
) {
  return payOnce({
    req: requestWithKey(key),
    uid: "u1",
    path: "/api/payment",
    body: { key, accountNumber, confirmed: options.confirmed },
    claim: { paymentType: "BUSINESS_LICENSE", accountNumber, amountCents: 16500 },
    log: quiet,
    plan: async () => {
      const reference = await billReference({ accountNumber, cycle: "" }, options.confirmed, async () =>
        Boolean(options.mayKnow),
      );
      await options.checked;
      return {
        paymentType: "BUSINESS_LICENSE",
        codeGroup: "PERMIT",
        accountNumber,
        amountCents: 16500,
        description: "License",
        reference,
        source: { nonce: "approves" },
        postTo: null,
      };
    },
  });
}

describe("payOnce with billReference: a bill is paid once per cycle unless paid again on purpose", () => {
  it(
    "of two tabs at once (one of them confirming Pay again?) one charges; a later confirmed payment charges again",
    async () => {
      let allChecked: () => void = () => undefined;
      const checked = new Promise<void>((resolve) => {
        allChecked = resolve;
      });
      const attempts = [
        billAttempt("b1", "BL-25-1001", { confirmed: false, checked }),
        billAttempt("b2", "BL-25-1001", { confirmed: true, checked }),
        billAttempt("b3", "BL-25-1001", { confirmed: false, checked }),
      ];
      allChecked();
      const outcomes = await Promise.allSettled(attempts);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      for (const outcome of outcomes.filter((candidate) => candidate.status === "rejected")) {
        expect(((outcome as PromiseRejectedResult).reason as ApiError).code).toBe("conflict");
      }
      expect(gateway.charges).toHaveLength(1);

      // Not confirmed: "Pay again?" (409), nothing charged.
      const unconfirmed = await billAttempt("b4", "BL-25-1001", { confirmed: false }).catch((error: unknown) => error);
      expect((unconfirmed as ApiError).message).toBe(PAY_AGAIN_CODE);
      expect(gateway.charges).toHaveLength(1);
      // Confirmed on purpose: a second payment, and only one of two confirmed at once.
      let bothChecked: () => void = () => undefined;
      const checkedAgain = new Promise<void>((resolve) => {
        bothChecked = resolve;
      });
      const confirmedTabs = [
        billAttempt("b5", "BL-25-1001", { confirmed: true, checked: checkedAgain }),
        billAttempt("b6", "BL-25-1001", { confirmed: true, checked: checkedAgain }),
      ];
      bothChecked();
      const again = await Promise.allSettled(confirmedTabs);
      expect(again.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      expect(gateway.charges).toHaveLength(2);
    },
    // The attempts race for the bill's claim inside a transaction.
    TRANSACTION_RACE_TIMEOUT_MS,
  );

  it("tells the earlier payment's amount and time only to a caller who may know them (finding 9)", async () => {
    await billAttempt("c1", "BL-25-1002", { confirmed: false });
    const stranger = (await billAttempt("c2", "BL-25-1002", { confirmed: false }).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect(stranger.message).toBe(PAY_AGAIN_CODE);
    expect(stranger.fields).toBeUndefined();
    const holder = (await billAttempt("c3", "BL-25-1002", { confirmed: false, mayKnow: true }).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect(holder.message).toBe(PAY_AGAIN_CODE);
    expect(holder.fields).toMatchObject({ amountCents: "16500", paidAt: expect.any(String) });
  });
});
