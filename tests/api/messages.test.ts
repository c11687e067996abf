import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AccountEmailResult } from "../../functions/src/contract/auth-forms.ts";
import type { PaymentResult } from "../../functions/src/contract/payment.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { utilityCardPayment } from "../kit/card-nonce.ts";
import { freshEmail, latestOobCode } from "../kit/identity.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { bounceAddresses, linkIn, mailControl, mailsTo, waitForMails } from "../kit/mail.ts";
import { amountDueCents, pay } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 29: messages that leave by email go through the message service to the city's mail relay
 * (the mail sandbox here), and each assertion is on what the relay received.
 */

/** The test is the scheduler (the test stack runs none): one run of the outbox job. */
async function runOutboxJob() {
  const { deliverDueOutbox } = await import("../../functions/src/domains/outbox/outbox.service.ts");
  return deliverDueOutbox();
}

beforeAll(() => pointJobsAtStack());
afterEach(async () => {
  await mailControl().setFaults({ down: false });
  await bounceAddresses([]);
});

/** A new portal user with a language, for mails nobody else's test receives. */
async function personWithLanguage(label: string, language: "en" | "es") {
  const { auth, db } = testAdmin();
  const email = freshEmail(label).toLowerCase();
  const user = await auth.createUser({ email, password: `Pw-${randomUUID()}`, emailVerified: true });
  await db
    .collection("users")
    .doc(user.uid)
    .set({ Id: user.uid, Email: email, SalesforceId: null, Language: language });
  return { uid: user.uid, email };
}

const messageDoc = async (id: string) => (await testAdmin().db.collection("outbox").doc(id).get()).data();

describe("the admin's account emails", () => {
  it("a reset email arrives in the person's language, multipart, its link the portal's reset page with Firebase's code", async () => {
    const person = await personWithLanguage("Lucia", "es");
    const admin = await principal("admin");
    const answer = await callApi<AccountEmailResult>("POST", "/api/users/reset-password", {
      token: admin.idToken,
      body: { email: person.email },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ sent: true, status: "delivered" });
    // Accepted before the answer: the mail is at the relay already.
    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toBe("Restablezca su contraseña del portal de la Ciudad de Elgin");
    expect(mail?.language).toBe("es");
    expect(mail?.parts).toEqual(expect.arrayContaining(["text/plain", "text/html"]));
    expect(mail?.text).toContain("Ciudad de Elgin");
    expect(mail?.text).toContain("Por favor, no lo responda.");
    const code = await latestOobCode(person.email, "PASSWORD_RESET");
    const link = linkIn(mail as never, stackInfo().portalUrl);
    expect(link).toBe(`${stackInfo().portalUrl}/resetPassword?mode=resetPassword&oobCode=${code.oobCode}`);
    expect(mail?.html).toContain(
      `href="${stackInfo().portalUrl}/resetPassword?mode=resetPassword&amp;oobCode=${code.oobCode}"`,
    );
    expect(await messageDoc(answer.body.messageId)).toMatchObject({
      kind: "message",
      channel: "email",
      template: "passwordReset",
      messageStatus: "delivered",
      uid: person.uid,
    });
  });

  it("a registration email arrives in English with the portal's verification link", async () => {
    const person = await personWithLanguage("Ray", "en");
    const admin = await principal("admin");
    const answer = await callApi<AccountEmailResult>("POST", "/api/users/resend-registration", {
      token: admin.idToken,
      body: { email: person.email },
    });
    expect(answer.body).toMatchObject({ sent: true, status: "delivered" });
    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toBe("Confirm your email for the City of Elgin portal");
    const code = await latestOobCode(person.email, "VERIFY_EMAIL");
    expect(linkIn(mail as never, stackInfo().portalUrl)).toBe(
      `${stackInfo().portalUrl}/dashboard?mode=verifyEmail&oobCode=${code.oobCode}`,
    );
  });

  it("mail sandbox down during the send: 'queued', not 'sent'; once it is up the job delivers each mail exactly once", async () => {
    const people = [await personWithLanguage("Down1", "en"), await personWithLanguage("Down2", "es")];
    const admin = await principal("admin");
    await mailControl().setFaults({ down: true });
    const answers = [];
    for (const person of people) {
      answers.push(
        await callApi<AccountEmailResult>("POST", "/api/users/reset-password", {
          token: admin.idToken,
          body: { email: person.email },
        }),
      );
    }
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ sent: false, status: "queued" });
      expect(await messageDoc(answer.body.messageId)).toMatchObject({
        status: "pending",
        attempts: 1,
        messageStatus: "queued",
      });
    }
    // Still down at the job's run: kept, retried later.
    await runOutboxJob();
    await mailControl().setFaults({ down: false });
    for (const answer of answers) {
      // Its backoff after a second failure: the clock moves on (as a minute would).
      await testAdmin()
        .db.collection("outbox")
        .doc(answer.body.messageId)
        .update({ nextAttemptAt: new Date(Date.now() - 1) });
    }
    await runOutboxJob();
    await runOutboxJob();
    for (const [index, person] of people.entries()) {
      const mails = await mailsTo(person.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.messageId).toContain(answers[index]?.body.messageId);
      expect(await messageDoc(answers[index]?.body.messageId as string)).toMatchObject({
        status: "sent",
        messageStatus: "delivered",
        reason: null,
      });
    }
    const stats = (await (await fetch(`${stackInfo().sandboxes.mail}/__control/messages/stats`)).json()) as {
      duplicates: { messageId: string }[];
    };
    for (const answer of answers) {
      expect(stats.duplicates.map((d) => d.messageId).join(" ")).not.toContain(answer.body.messageId);
    }
  });

  it("a bounce marks the message failed with the server's reason; the clerk hears it was refused (422)", async () => {
    const person = await personWithLanguage("Bounce", "en");
    await bounceAddresses([person.email]);
    const admin = await principal("admin");
    const answer = await callApi<{ error: { code: string; message: string } }>(
      "POST",
      "/api/users/resend-registration",
      {
        token: admin.idToken,
        body: { email: person.email },
      },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error.message).toContain("550 5.1.1");
    const { db } = testAdmin();
    const stored = await db.collection("outbox").where("kind", "==", "message").where("uid", "==", person.uid).get();
    expect(stored.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({
        messageStatus: "failed",
        reason: expect.stringContaining(`550 5.1.1 <${person.email}>: Recipient address rejected: User unknown`),
        status: "sent",
        attempts: 1,
      }),
    ]);
    // Not retried: the job leaves it alone.
    await runOutboxJob();
    expect(
      (
        await db
          .collection("outbox")
          .doc(stored.docs[0]?.id as string)
          .get()
      ).get("attempts"),
    ).toBe(1);
    expect(await mailsTo(person.email)).toEqual([]);
  });
});

describe("organization invitations", () => {
  it("the invitation email arrives at the relay, with the organization and the portal's answer page", async () => {
    const email = freshEmail("Invited").toLowerCase();
    const approver = await principal("approver");
    const invited = await callApi("POST", "/api/organizations/members/invite", {
      token: approver.idToken,
      body: { organizationId: SEEDED_ORGANIZATION_ID, email },
    });
    expect(invited.status).toBe(200);
    const { db } = testAdmin();
    const open = await db.collection("orgInvitations").where("Email", "==", email).get();
    for (const doc of open.docs) await doc.ref.delete();
    const [mail] = await waitForMails(email);
    // Someone without an account: the portal does not know her language, so the invitation is in both (a9e401d).
    expect(mail?.subject).toBe(
      "Invitation to join Fox River Bakery on the City of Elgin portal / Invitación para unirse a Fox River Bakery en el portal de la Ciudad de Elgin",
    );
    expect(linkIn(mail as never, stackInfo().portalUrl)).toBe(`${stackInfo().portalUrl}/add_organization`);
    expect(mail?.text).toContain(email);
  });
});

describe("payment receipts", () => {
  it("a signed-in payment's receipt email arrives with the amount and the reference, once", async () => {
    const resident = await principal("resident");
    const account = BILLING_FIXTURES.delinquentAccount.accountNumber;
    const amountCents = await amountDueCents(account);
    const before = (await mailsTo(seededUser("resident").email)).length;
    const paid = await pay(randomUUID(), await utilityCardPayment(account, amountCents), resident.idToken);
    expect(paid.status).toBe(200);
    const result = paid.body as PaymentResult;
    await runOutboxJob();
    await runOutboxJob();
    const mails = (await mailsTo(seededUser("resident").email)).slice(before);
    const receipts = mails.filter((mail) => mail.messageId?.includes(`receipt-${result.paymentId}`));
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0];
    const dollars = `$${(amountCents / 100).toFixed(2)}`;
    expect(receipt?.subject).toBe(`Receipt for your ${dollars} payment to the City of Elgin`);
    expect(receipt?.text).toContain(`Payment reference: ${result.authNetTransId}.`);
    expect(receipt?.text).toContain(BILLING_FIXTURES.delinquentAccount.accountNumber);
    expect(linkIn(receipt as never, stackInfo().portalUrl)).toBe(
      `${stackInfo().portalUrl}/payment?receipt=${result.paymentId}`,
    );
  });
});
