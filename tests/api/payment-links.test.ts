import { randomUUID } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { afterEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AuditPage } from "../../functions/src/contract/audit.ts";
import type { PaymentResult } from "../../functions/src/contract/payment.ts";
import type { PaymentLinkSent, PaymentLinkUse } from "../../functions/src/contract/payment-links.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { utilityCardPayment } from "../kit/card-nonce.ts";
import { linkIn, mailsTo } from "../kit/mail.ts";
import { amountDueCents, pay } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { textsTo, withConfirmedTextPhone } from "../kit/texts.ts";

// Payment links (issue 31): staff send a person a link for one item by text or email. Its one use is
// the payment: Continue opens /payment until the item is paid, then the link is refused.

const james = seededUser("resident2");
const staff = seededUser("staff");
const PHONE = "+18475550182";
const account = BILLING_FIXTURES.delinquentAccount.accountNumber;
const tokenOf = async (key: "admin" | "staff" | "resident") => (await principal(key)).idToken as string;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const sendLink = (body: unknown, key: "staff" | "resident" = "staff") =>
  tokenOf(key).then((token) =>
    callApi<PaymentLinkSent>("POST", `/api/console/people/${james.uid}/payment-links`, { token, body }),
  );

const useLink = (token: string) => callApi<PaymentLinkUse>("POST", `/api/payment-links/${token}/use`);

describe("payment links", () => {
  it("staff text James a link for a water bill: it opens /payment until he pays (a declined card does not use it up), then it is refused; the trail has it", async () => {
    cleanups.push(await withConfirmedTextPhone(james.uid, PHONE));
    const textsBefore = (await textsTo(PHONE)).length;

    const sent = await sendLink({ item: { paymentType: "UTILITY", accountNumber: account }, channel: "sms" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The SMS provider took it within the request ("sending" until its delivery receipt comes).
    expect(sent.body.assistedBy).toBe(staff.email);
    expect(["sending", "delivered"]).toContain(sent.body.status);
    const texts = (await textsTo(PHONE)).slice(textsBefore);
    expect(texts).toHaveLength(1);
    const link = texts[0]?.body.match(/https?:\/\/\S+\/pay\/([A-Za-z0-9_-]{32})/);
    expect(link?.[0].startsWith(`${stackInfo().portalUrl}/pay/`)).toBe(true);
    const token = link?.[1] as string;

    const used = await useLink(token);
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body.path).toBe(`/payment?accountNumber=${account}`);
    const { paymentLinkId } = await import("../../functions/src/data/payment-links.ts");
    const stored = testAdmin().db.collection("paymentLinks").doc(paymentLinkId(token));
    expect((await stored.get()).get("openedAt")).not.toBeNull();
    expect((await stored.get()).get("usedAt")).toBeNull();

    // His card is declined on /payment (nothing taken): the link still opens /payment, as after a closed tab.
    const payBill = async (card: "approves" | "declines") =>
      pay(randomUUID(), await utilityCardPayment(account, await amountDueCents(account), card));
    expect((await payBill("declines")).status).toBe(422);
    const again = await useLink(token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.path).toBe(`/payment?accountNumber=${account}`);

    // He pays on /payment as any guest does: the payment's own claim makes it one charge.
    const paid = await payBill("approves");
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((paid.body as PaymentResult).paymentId).toBeTruthy();

    // Paid: the link was used by the payment, and every later use is refused.
    expect((await useLink(token)).status).toBe(409);
    expect((await useLink(token)).status).toBe(409);
    expect((await stored.get()).get("usedAt")).not.toBeNull();

    const audit = await callApi<AuditPage>(
      "GET",
      `/api/audit?${new URLSearchParams({ personUid: james.uid, action: "console.assist.payment-link" })}`,
      { token: await tokenOf("admin") },
    );
    expect(audit.body.records[0]).toMatchObject({ actorUid: staff.uid, subject: "UTILITY by sms" });
    // The trail keeps what was sent, never the token (only the message holds it).
    expect(audit.body.records[0]?.after).not.toContain(token);
  });

  it("an emailed link for a permit fee opens its page; an expired link is refused; unknown and malformed tokens change nothing", async () => {
    const before = (await mailsTo(james.email)).length;
    const sent = await sendLink({ item: { paymentType: "PERMIT", accountNumber: "00001234" }, channel: "email" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = (await mailsTo(james.email)).slice(before).at(-1);
    expect(mail?.subject).toMatch(/payment link|enlace de pago/i);
    const token = linkIn(mail as never, `${stackInfo().portalUrl}/pay/`).split("/pay/")[1] as string;

    // Past its time (the clock moved on): refused, and still unused.
    const { db } = testAdmin();
    const { paymentLinkId } = await import("../../functions/src/data/payment-links.ts");
    await db
      .collection("paymentLinks")
      .doc(paymentLinkId(token))
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    expect((await useLink(token)).status).toBe(422);
    expect((await db.collection("paymentLinks").doc(paymentLinkId(token)).get()).get("usedAt")).toBeNull();

    const fresh = await sendLink({ item: { paymentType: "PERMIT", accountNumber: "00001234" }, channel: "email" });
    const freshMail = (await mailsTo(james.email)).at(-1);
    const freshToken = linkIn(freshMail as never, `${stackInfo().portalUrl}/pay/`).split("/pay/")[1] as string;
    expect(fresh.status).toBe(200);
    expect((await useLink(freshToken)).body.path).toBe("/payment?accountType=PERMIT&accountNumber=00001234");

    expect((await useLink("B".repeat(32))).status).toBe(404);
    expect((await useLink("short")).status).toBe(400);
  });

  it("residents cannot send links; a bad item is refused and sends nothing", async () => {
    const before = (await mailsTo(james.email)).length;
    const asResident = await sendLink(
      { item: { paymentType: "UTILITY", accountNumber: account }, channel: "email" },
      "resident",
    );
    expect(asResident.status).toBe(403);
    const bad = await sendLink({ item: { paymentType: "UTILITY", accountNumber: "12345" }, channel: "email" });
    expect(bad.status).toBe(400);
    expect(await mailsTo(james.email)).toHaveLength(before);
  });
});
