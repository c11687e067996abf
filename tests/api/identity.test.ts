import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { soql } from "../../functions/src/connectors/crm/soql";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import {
  createIdentityUser,
  crmOnlyContactEmail,
  freshEmail,
  latestOobCode,
  sentOobCodes,
  stackCrm,
} from "../kit/identity.ts";
import { mailsTo } from "../kit/mail.ts";
import { principal, signIn } from "../kit/principals.ts";

const PASSWORD = "Fresh-Start-2026!";

describe("POST /api/signup", () => {
  it("records users/{uid} and a CRM contact for a new email", async () => {
    const email = freshEmail("signup");
    const { uid, idToken } = await createIdentityUser(email, PASSWORD);
    const answer = await callApi("POST", "/api/signup", { token: idToken, body: { email, firebaseUserId: uid } });
    expect(answer.status).toBe(200);

    const record = (await testAdmin().db.collection("users").doc(uid).get()).data();
    expect(record).toMatchObject({ Id: uid, Email: email, Verified: false, Admin: false, SalesforceId: null });
    expect(record?.CrmContactId).toMatch(/^003[A-Za-z0-9]{15}$/);

    const contacts = await stackCrm().query(
      soql`SELECT Id, Email, Portal_User_Id__c FROM Contact WHERE Email = ${email}`,
    );
    expect(contacts).toEqual([{ Id: record?.CrmContactId, Email: email, Portal_User_Id__c: uid }]);

    // A repeat (double click, retry) changes nothing and makes no second contact.
    const again = await callApi("POST", "/api/signup", { token: idToken, body: { email, firebaseUserId: uid } });
    expect(again.status).toBe(200);
    expect(await stackCrm().query(soql`SELECT Id FROM Contact WHERE Email = ${email}`)).toHaveLength(1);
  });

  it("answers 409 error-sf-account-exists for an email the CRM knows, and removes the new identity user", async () => {
    const email = crmOnlyContactEmail();
    const { uid, idToken } = await createIdentityUser(email, PASSWORD);
    const answer = await callApi("POST", "/api/signup", { token: idToken, body: { email, firebaseUserId: uid } });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: { code: "conflict", message: "error-sf-account-exists" } });

    const { auth, db } = testAdmin();
    await expect(auth.getUser(uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
    expect((await db.collection("users").doc(uid).get()).exists).toBe(false);
    // The email can be tried again later (it is free in the identity provider).
    const retry = await createIdentityUser(email, PASSWORD);
    await auth.deleteUser(retry.uid);
  });

  it("refuses an email that is not the signed-in account's, and another user's uid", async () => {
    const email = freshEmail("mismatch");
    const { uid, idToken } = await createIdentityUser(email, PASSWORD);
    const wrongEmail = await callApi("POST", "/api/signup", {
      token: idToken,
      body: { email: freshEmail("other"), firebaseUserId: uid },
    });
    expect(wrongEmail.status).toBe(400);
    const otherUid = await callApi("POST", "/api/signup", {
      token: idToken,
      body: { email, firebaseUserId: seededUser("resident").uid },
    });
    expect(otherUid.status).toBe(403);
    expect((await testAdmin().db.collection("users").doc(uid).get()).exists).toBe(false);
    const unsigned = await callApi("POST", "/api/signup", { body: { email, firebaseUserId: uid } });
    expect(unsigned.status).toBe(401);
  });

  it("never deletes an existing portal user whose email the CRM knows", async () => {
    const resident = await principal("resident");
    const answer = await callApi("POST", "/api/signup", {
      token: resident.idToken,
      body: { email: resident.user?.email, firebaseUserId: resident.user?.uid },
    });
    expect(answer.status).toBe(200);
    await expect(testAdmin().auth.getUser(resident.user?.uid as string)).resolves.toBeTruthy();
  });
});

describe("POST /api/verify", () => {
  it("sets users/{uid}.Verified once the identity provider says the email is verified", async () => {
    const email = freshEmail("verify");
    const { uid, idToken } = await createIdentityUser(email, PASSWORD);
    expect(
      (await callApi("POST", "/api/signup", { token: idToken, body: { email, firebaseUserId: uid } })).status,
    ).toBe(200);
    const { auth, db } = testAdmin();

    // Not verified yet: nothing changes.
    const early = await callApi("POST", "/api/verify", { token: idToken });
    expect(early).toMatchObject({ status: 200, body: { Verified: false, updated: false } });
    expect((await db.collection("users").doc(uid).get()).get("Verified")).toBe(false);

    await auth.updateUser(uid, { emailVerified: true });
    const verifiedToken = await signIn(email, PASSWORD);
    const answer = await callApi("POST", "/api/verify", { token: verifiedToken });
    expect(answer).toMatchObject({ status: 200, body: { Verified: true, updated: true } });
    expect((await db.collection("users").doc(uid).get()).get("Verified")).toBe(true);
  });
});

describe("GET /api/record-session", () => {
  it("stores a UserLogin event with the platform, the address and the browser", async () => {
    const resident = await principal("resident");
    const answer = await callApi<{ Id: string; Event: string }>(
      "GET",
      "/api/record-session?platform=web&isLoggingIn=true",
      // The server records the client address the proxy in front of it saw (locally this machine),
      // never one the client wrote into X-Forwarded-For itself.
      { token: resident.idToken, headers: { "user-agent": "identity-test/1.0", "x-forwarded-for": "198.51.100.7" } },
    );
    expect(answer.status).toBe(200);
    const event = (await testAdmin().db.collection("userEvents").doc(answer.body.Id).get()).data();
    expect(event).toMatchObject({
      UserId: resident.user?.uid,
      Event: "UserLogin",
      platform: "web",
      userAgent: "identity-test/1.0",
      ipAddress: "127.0.0.1",
    });
    expect(event?.CreatedAt).toBeTruthy();
  });

  it("stores a UserSession event with the address the server saw, not the one the browser looked up", async () => {
    const resident = await principal("resident");
    const answer = await callApi<{ Id: string }>(
      "GET",
      "/api/record-session?platform=web&ipAddress=203.0.113.45&isLoggingIn=false",
      { token: resident.idToken },
    );
    expect(answer.status).toBe(200);
    const event = (await testAdmin().db.collection("userEvents").doc(answer.body.Id).get()).data();
    expect(event).toMatchObject({ Event: "UserSession", ipAddress: "127.0.0.1" });
  });

  it("refuses anonymous callers and bad queries", async () => {
    expect((await callApi("GET", "/api/record-session?platform=web")).status).toBe(401);
    const resident = await principal("resident");
    expect(
      (await callApi("GET", "/api/record-session?platform=web&ipAddress=not-an-ip", { token: resident.idToken }))
        .status,
    ).toBe(400);
  });
});

describe("admin email buttons", () => {
  it("POST /api/users/reset-password: refused to residents, sends a reset email for admins", async () => {
    const resident = await principal("resident");
    const target = seededUser("resident2").email;
    const before = (await sentOobCodes()).length;
    const refused = await callApi("POST", "/api/users/reset-password", {
      token: resident.idToken,
      body: { email: target },
    });
    expect(refused.status).toBe(403);
    expect((await sentOobCodes()).length).toBe(before);

    const admin = await principal("admin");
    const answer = await callApi("POST", "/api/users/reset-password", {
      token: admin.idToken,
      body: { email: target },
    });
    expect(answer).toMatchObject({ status: 200, body: { sent: true, status: "delivered" } });
    const code = await latestOobCode(target, "PASSWORD_RESET");
    // The city's own email carries Firebase's code to the portal's reset page (api/messages.test.ts).
    const mail = (await mailsTo(target)).find((received) => received.text.includes(code.oobCode));
    expect(mail?.subject).toContain("portal password");
  });

  it("POST /api/users/resend-registration: sends the verification email for admins; 404 for unknown emails", async () => {
    const admin = await principal("admin");
    const target = seededUser("unverified").email;
    const answer = await callApi("POST", "/api/users/resend-registration", {
      token: admin.idToken,
      body: { email: target },
    });
    expect(answer).toMatchObject({ status: 200, body: { sent: true, status: "delivered" } });
    const code = await latestOobCode(target, "VERIFY_EMAIL");
    expect((await mailsTo(target)).some((received) => received.text.includes(code.oobCode))).toBe(true);
    const unknown = await callApi("POST", "/api/users/resend-registration", {
      token: admin.idToken,
      body: { email: freshEmail("nobody") },
    });
    expect(unknown.status).toBe(404);
    const resident = await principal("resident");
    expect(
      (await callApi("POST", "/api/users/resend-registration", { token: resident.idToken, body: { email: target } }))
        .status,
    ).toBe(403);
  });
});
