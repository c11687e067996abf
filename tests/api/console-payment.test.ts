import { describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AuditPage } from "../../functions/src/contract/audit.ts";
import type { PhonePaymentAnswer } from "../../functions/src/contract/console.ts";
import { testAdmin } from "../kit/admin.ts";
import { type ApiAnswer, callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import {
  amountDueCents,
  billsNobodyPays,
  CHARGE_ROUTE,
  type ErrorBody,
  gatewayTransactionsOf,
  newKey,
  pay,
  paymentsControl,
  routeCount,
} from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";

// Issue 31, the console's phone (MOTO) payment: staff type the caller's card in the gateway's hosted
// form (a nonce; the number never reaches the portal) and charge her water bill through the
// resident's own claim path (payOnce): once per Idempotency-Key, once per bill however many tabs,
// marked as assisted, audited, and the receipt goes to her.

const maria = seededUser("resident");
const staff = seededUser("staff");
const mariaAccount = BILLING_FIXTURES.goodAccount.accountNumber;
/** A bill no other file pays: the first payment of the run is not asked "Pay again?". */
const unpaid = billsNobodyPays(-4).account;

type Answer = PhonePaymentAnswer & ErrorBody;
const tokenOf = async (key: "admin" | "staff" | "resident") => (await principal(key)).idToken as string;

/** POST /api/console/people/:id/payments as `who`, with its Idempotency-Key. */
const takeByPhone = async (
  key: string,
  body: Record<string, unknown>,
  who: "staff" | "resident" | "admin" = "staff",
  uid = maria.uid,
): Promise<ApiAnswer<Answer>> =>
  callApi<Answer>("POST", `/api/console/people/${uid}/payments`, {
    token: await tokenOf(who),
    body,
    headers: { "Idempotency-Key": key },
  });

const amountOf = async (accountNumber: string) => Math.max(await amountDueCents(accountNumber), 100);

describe("console: a card payment taken by phone", () => {
  it("staff charge Maria's water bill once: marked as assisted, one transaction at the sandbox, her receipt, the trail's record", async () => {
    const amountCents = await amountOf(mariaAccount);
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);
    const key = newKey();
    // Confirmed "Pay again?": other files pay Maria's bill earlier in the run.
    const body = { accountNumber: mariaAccount, amountCents, nonce: await cardNonce(), confirmPayAgain: true };
    const paid = await takeByPhone(key, body);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      paymentType: "UTILITY",
      accountNumber: mariaAccount,
      amountCents,
      maskedCardNumber: "XXXX1111",
      assistedBy: staff.email,
    });
    const { paymentId } = paid.body;

    // The same key again (a lost answer, a double click) is the same payment: no second charge.
    const again = await takeByPhone(key, body);
    expect(again.status).toBe(200);
    expect(again.body.paymentId).toBe(paymentId);
    expect((await routeCount(paymentsControl(), CHARGE_ROUTE)) - chargesBefore).toBe(1);
    const recorded = await gatewayTransactionsOf(paymentId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents, last4: "1111" });

    // Her payment, marked as taken by the staff member.
    const { db } = testAdmin();
    const stored = (await db.collection("payments").doc(paymentId).get()).data();
    expect(stored).toMatchObject({ uid: maria.uid, state: "succeeded", assistedBy: staff.email, amountCents });
    const view = await callApi<{ payments: { id: string; assistedBy: string | null }[] }>(
      "GET",
      `/api/console/people/${maria.uid}`,
      { token: await tokenOf("staff") },
    );
    expect(view.body.payments.find((payment) => payment.id === paymentId)?.assistedBy).toBe(staff.email);

    // Her receipt by her channels for bills: email (to her address) and in the portal.
    const receipts = await db.collection("outbox").where("uid", "==", maria.uid).get();
    const mine = receipts.docs.filter((doc) => doc.id.startsWith(`receipt-${paymentId}`));
    expect(mine.map((doc) => doc.get("channel")).sort()).toEqual(["email", "inApp"]);
    expect(mine.find((doc) => doc.get("channel") === "email")?.get("to")).toMatchObject({ email: maria.email });
    for (const receipt of mine) expect(JSON.stringify(receipt.get("content"))).toContain(paid.body.authNetTransId);

    // The audit trail: who, for whom, what, and after.
    const audit = await callApi<AuditPage>(
      "GET",
      `/api/audit?${new URLSearchParams({ personUid: maria.uid, action: "console.assist.payment" })}`,
      { token: await tokenOf("admin") },
    );
    expect(audit.status).toBe(200);
    const record = audit.body.records.find((entry) => JSON.parse(entry.after ?? "{}").paymentId === paymentId);
    expect(record).toMatchObject({
      actorUid: staff.uid,
      actorRole: "staff",
      route: "POST /api/console/people/:id/payments",
      subject: `UTILITY ${mariaAccount}`,
    });
    // Before: what the bill owed as the billing system said it, read before the charge.
    expect(JSON.parse(record?.before ?? "{}")).toMatchObject({ accountNumber: mariaAccount });
    expect(typeof JSON.parse(record?.before ?? "{}").amountDueCents).toBe("number");
    expect(JSON.parse(record?.after ?? "{}")).toMatchObject({
      amountCents,
      maskedCardNumber: "XXXX1111",
      assistedBy: staff.email,
    });
  });

  it("two staff tabs and the resident's own tab at once charge the bill once; a declined card frees it for the next card", async () => {
    const amountCents = await amountOf(unpaid.accountNumber);
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);

    // A declined card takes nothing and holds nothing: the next card pays the bill.
    const declined = await takeByPhone(newKey(), {
      accountNumber: unpaid.accountNumber,
      amountCents,
      nonce: await cardNonce("declines"),
    });
    expect(declined.status).toBe(422);
    expect((await routeCount(paymentsControl(), CHARGE_ROUTE)) - chargesBefore).toBe(1);

    const phoneBody = async () => ({
      accountNumber: unpaid.accountNumber,
      amountCents,
      nonce: await cardNonce(),
      confirmPayAgain: false,
    });
    const [first, second, own] = await Promise.all([phoneBody(), phoneBody(), cardNonce()]);
    const residentToken = await tokenOf("resident");
    const answers = await Promise.all([
      takeByPhone(newKey(), first),
      takeByPhone(newKey(), second),
      pay(
        newKey(),
        {
          paymentType: "UTILITY",
          nonce: own,
          amountCents,
          navilineCustomerId: unpaid.customerId,
          navilineLocationId: unpaid.locationId,
        },
        residentToken,
      ),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    // One approved charge at the sandbox beside the declined one.
    expect((await routeCount(paymentsControl(), CHARGE_ROUTE)) - chargesBefore).toBe(2);
    const winner = answers.find((answer) => answer.status === 200) as ApiAnswer<Answer>;
    expect(await gatewayTransactionsOf(winner.body.paymentId)).toHaveLength(1);
  });

  it("only staff: a resident is refused (403) and nothing is charged; bad input is 400 and changes nothing", async () => {
    const amountCents = await amountOf(mariaAccount);
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);
    const body = { accountNumber: mariaAccount, amountCents, nonce: await cardNonce(), confirmPayAgain: true };
    expect((await takeByPhone(newKey(), body, "resident", seededUser("resident2").uid)).status).toBe(403);
    expect((await takeByPhone(newKey(), body, "resident")).status).toBe(403);
    const missingKey = await callApi<ErrorBody>("POST", `/api/console/people/${maria.uid}/payments`, {
      token: await tokenOf("staff"),
      body,
    });
    expect(missingKey.status).toBe(400);
    const cardNumber = await takeByPhone(newKey(), { ...body, nonce: undefined, cardNumber: "4111111111111111" });
    expect(cardNumber.status).toBe(400);
    expect((await routeCount(paymentsControl(), CHARGE_ROUTE)) - chargesBefore).toBe(0);
  });
});
