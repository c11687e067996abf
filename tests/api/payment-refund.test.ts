import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { SEEDED_ORGANIZATION_ID } from "../../emulators/src/seed/fixtures.ts";
import { cityToday } from "../../functions/src/contract/city-time.ts";
import type { MyRefund, PersonPayment } from "../../functions/src/contract/refunds.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { freshResident } from "../kit/cases.ts";
import { billsNobodyPays, type ErrorBody, linkToSeededOrganization, paidUtilityBill } from "../kit/payments.ts";
import { principal, signIn } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 32 "Refunds" (after GOV.UK Pay): an admin refunds part of a payment with a reason; the amount
 * still refundable is checked by the card gateway at the moment of the refund (a stale figure is 412
 * and refunds nothing); a refund is once per Idempotency-Key like a charge; the payer gets a message;
 * the audit trail records it; the finance export lists the payment and the refund.
 */

const account = billsNobodyPays(-3).account;
type Refundable = { amountCents: number; refundAmountAvailable: number; refunds: { refundId: string }[] };
type Refund = { refundId: string; amountCents: number; refundAmountAvailable: number; personUid: string | null };

/** An admin's refund request; its Idempotency-Key is a new one unless a repeat names the first's. */
const refund = (paymentId: string, body: Record<string, unknown>, token: string | null, key = randomUUID()) =>
  callApi<Refund & ErrorBody>("POST", `/api/payment/${paymentId}/refunds`, {
    token,
    body,
    headers: { "idempotency-key": key },
  });

describe("POST /api/payment/:paymentId/refunds", () => {
  it("refunds part of a payment once, refuses a stale figure, tells the payer, audits it and exports both rows", async () => {
    const resident = await principal("resident");
    const admin = await principal("admin");
    const { paymentId, amountCents } = await paidUtilityBill(account, resident.idToken ?? null);
    const refundable = async () =>
      (await callApi<Refundable>("GET", `/api/payment/${paymentId}/refunds`, { token: admin.idToken })).body;
    expect((await refundable()).refundAmountAvailable).toBe(amountCents);

    // A resident may not refund.
    const byResident = await refund(
      paymentId,
      { amountCents: 500, refundAmountAvailable: amountCents, reason: "Mine" },
      resident.idToken,
    );
    expect(byResident.status).toBe(403);

    // A stale figure (the page showed less than is left): 412 with the gateway's figure, nothing refunded.
    const stale = await refund(
      paymentId,
      { amountCents: 500, refundAmountAvailable: amountCents - 1, reason: "Charged twice" },
      admin.idToken,
    );
    expect(stale.status).toBe(412);
    expect(stale.body.error?.fields?.refundAmountAvailable).toBe(String(amountCents));
    expect((await refundable()).refundAmountAvailable).toBe(amountCents);

    // Part of it, twice with the same key (a double click): refunded once.
    const key = randomUUID();
    const body = { amountCents: 500, refundAmountAvailable: amountCents, reason: "Charged twice" };
    const [first, repeat] = await Promise.all([
      refund(paymentId, body, admin.idToken, key),
      refund(paymentId, body, admin.idToken, key),
    ]);
    expect([first.status, repeat.status]).toEqual([200, 200]);
    expect(repeat.body.refundId).toBe(first.body.refundId);
    expect(first.body.refundAmountAvailable).toBe(amountCents - 500);
    expect(first.body.personUid).toBe(resident.user?.uid);
    const after = await refundable();
    expect(after.refundAmountAvailable).toBe(amountCents - 500);
    expect(after.refunds.map((row) => row.refundId)).toEqual([first.body.refundId]);

    // A second admin tab still showing the old figure: 412, nothing more refunded.
    const secondTab = await refund(paymentId, body, admin.idToken);
    expect(secondTab.status).toBe(412);
    // More than is left: refused.
    const tooMuch = await refund(
      paymentId,
      { amountCents: amountCents, refundAmountAvailable: amountCents - 500, reason: "All" },
      admin.idToken,
    );
    expect(tooMuch.status).toBe(422);
    expect((await refundable()).refundAmountAvailable).toBe(amountCents - 500);

    // The admin user view lists the payment with what was refunded of it (no gateway call).
    const listed = await callApi<PersonPayment[]>("GET", `/api/payment/people/${resident.user?.uid}`, {
      token: admin.idToken,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.find((row) => row.paymentId === paymentId)).toMatchObject({
      amountCents,
      refundedCents: 500,
      refundable: true,
      paymentType: "UTILITY",
      accountNumber: account.accountNumber,
    });
    expect(
      (await callApi("GET", `/api/payment/people/${resident.user?.uid}`, { token: resident.idToken })).status,
    ).toBe(403);

    // The payer sees the refund on her payment history; another resident does not.
    const mine = await callApi<MyRefund[]>("GET", "/api/payment/refunds", { token: resident.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.find((row) => row.refundId === first.body.refundId)).toMatchObject({
      paymentId,
      amountCents: 500,
      accountNumber: account.accountNumber,
      refundedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const theirs = await callApi<MyRefund[]>("GET", "/api/payment/refunds", {
      token: (await principal("resident2")).idToken,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.some((row) => row.refundId === first.body.refundId)).toBe(false);

    // The payer's message, once.
    const outbox = await testAdmin().db.collection("outbox").get();
    expect(outbox.docs.filter((doc) => doc.id.includes(`refund-${first.body.refundId}`))).toHaveLength(1);

    // The audit trail: who refunded whose payment.
    const audit = await testAdmin().db.collection("auditRecords").where("action", "==", "payment.refund").get();
    const records = audit.docs.map((doc) => doc.data()).filter((record) => record.subject === `payment ${paymentId}`);
    expect(
      records.some((record) => record.personUid === resident.user?.uid && record.actorUid === admin.user?.uid),
    ).toBe(true);

    // The finance export: the payment and the refund, which counts against the code group's total.
    const today = cityToday();
    const csv = await fetch(`${stackInfo().portalUrl}/api/payment/finance/export?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${admin.idToken}` },
    });
    const [header, ...rows] = parse(await csv.text(), { bom: true }) as string[][];
    expect(header?.at(-1)).toBe("Refund Of (Portal ID)");
    const paymentRow = rows.find((row) => row[0] === paymentId);
    const refundRow = rows.find((row) => row[0] === first.body.refundId);
    expect(paymentRow?.[1]).toBe("payment");
    expect(paymentRow?.[7]).toBe(String(amountCents));
    expect({ kind: refundRow?.[1], group: refundRow?.[6], cents: refundRow?.[7], of: refundRow?.[10] }).toEqual({
      kind: "refund",
      group: "UTILITY",
      cents: "500",
      of: paymentId,
    });
  });
});

describe("GET /api/payment/refunds in an organization's context", () => {
  it("its verified members see the refunds to its water accounts; a pending member, a non-member and her own context do not", async () => {
    const orgAccount = billsNobodyPays(-7).account;
    const { db } = testAdmin();
    // A resident who asked to join and is not approved yet (Verified false): no role in it.
    const pending = await freshResident("org-refunds-pending");
    const membership = db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${pending.uid}`);
    await membership.set({
      organizationId: SEEDED_ORGANIZATION_ID,
      OrganizationName: "Fox River Bakery",
      UserId: pending.uid,
      FirstName: "Test",
      LastName: "Pending",
      Role: "member",
      Verified: false,
      createdAt: new Date(),
    });
    const unlink = await linkToSeededOrganization(orgAccount);
    try {
      const admin = await principal("admin");
      // Somebody pays the organization's bill as a guest; an admin refunds $3.00 of it.
      const { paymentId, amountCents } = await paidUtilityBill(orgAccount, null);
      const refunded = await refund(
        paymentId,
        { amountCents: 300, refundAmountAvailable: amountCents, reason: "Paid for the wrong shop" },
        admin.idToken,
      );
      expect(refunded.status).toBe(200);
      const inContext = (token: string | null | undefined, organizationId = SEEDED_ORGANIZATION_ID) =>
        callApi<MyRefund[] & ErrorBody>(
          "GET",
          `/api/payment/refunds${organizationId ? `?organizationId=${organizationId}` : ""}`,
          { token },
        );

      for (const key of ["orgMember", "approver"] as const) {
        const answer = await inContext((await principal(key)).idToken);
        expect(answer.status, key).toBe(200);
        expect(
          answer.body.find((row) => row.refundId === refunded.body.refundId),
          key,
        ).toMatchObject({
          paymentId,
          amountCents: 300,
          paymentType: "UTILITY",
          accountNumber: orgAccount.accountNumber,
          refundedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        });
      }
      // The member's own context lists her own payments' refunds only.
      const own = await inContext((await principal("orgMember")).idToken, "");
      expect(own.status).toBe(200);
      expect(own.body.some((row) => row.refundId === refunded.body.refundId)).toBe(false);
      // Not approved yet, or not a member at all: 403, nothing listed; signed out: 401.
      const pendingAnswer = await inContext(await signIn(pending.email, pending.password));
      expect(pendingAnswer.status).toBe(403);
      expect(JSON.stringify(pendingAnswer.body)).not.toContain(paymentId);
      expect((await inContext((await principal("resident")).idToken)).status).toBe(403);
      expect((await inContext(null)).status).toBe(401);
    } finally {
      await unlink();
      await membership.delete();
      await pending.remove([]);
    }
  });
});
