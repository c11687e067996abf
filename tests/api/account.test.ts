import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { PROFILE_PICTURE_MAX_BYTES } from "../../functions/src/contract/account-forms.ts";
import { PROFILE_PICTURE_MAX_EDGE } from "../../functions/src/domains/accounts/profile-picture.routes.ts";
import { deleteCreatedUsers, fingerprint, testAdmin } from "../kit/admin.ts";
import { callApi, putProfileImage, streamProfileImage } from "../kit/api.ts";
import { freshVerifiedUser } from "../kit/identity.ts";
import { principal, signIn } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

const PASSWORD = "Wizard-Test-2026!";
const created: string[] = [];

/** A verified user who has not finished account creation (no CRM id), with a fresh token. */
async function freshSignedInUser(label: string): Promise<{ uid: string; email: string; token: string }> {
  const user = await freshVerifiedUser(label, { password: PASSWORD, created });
  return { ...user, token: await signIn(user.email, PASSWORD) };
}

// The first call of a run starts the function and logs in to the CRM (slow on a busy machine).
beforeAll(async () => {
  const { idToken } = await principal("noCrm");
  await callApi("GET", "/api/salesforce/organizations?name=Fox", { token: idToken });
}, 180_000);

afterAll(() => deleteCreatedUsers(created));

const steps = {
  firstName: "Rosa",
  lastName: "Martinez",
  phoneNumber: "(847) 555-0199",
  address1: "412 Highland Ave",
  address2: "",
  city: "Elgin",
  state: "IL",
  zip: "60123",
};

describe("POST /api/salesforce/matchToSalesforceContact", () => {
  it("creates the CRM contact, links the utility account and onboards the user", async () => {
    const user = await freshSignedInUser("wizard");
    const account = BILLING_FIXTURES.negativeAccount;
    const answer = await callApi<{ SalesforceId: string; user: { SalesforceId: string } }>(
      "POST",
      "/api/salesforce/matchToSalesforceContact",
      {
        token: user.token,
        body: {
          ...steps,
          utilityAccountId: account.accountNumber,
          utilityStreetNumber: account.streetNumber,
          additionalProperties: [{ address1: "9 Oak St", city: "Elgin", state: "IL", zip: "60120" }],
        },
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.SalesforceId).toMatch(/^003[A-Za-z0-9]{15}$/);
    expect(answer.body.user.SalesforceId).toBe(answer.body.SalesforceId);

    const { db } = testAdmin();
    const stored = (await db.collection("users").doc(user.uid).get()).data();
    expect(stored).toMatchObject({
      SalesforceId: answer.body.SalesforceId,
      FirstName: "Rosa",
      LastName: "Martinez",
      PhoneNumber: "(847) 555-0199",
      salesforceContact: { address1: "412 Highland Ave", city: "Elgin", state: "IL", zip: "60123" },
    });
    expect(stored?.additionalProperties).toHaveLength(1);
    const links = await db.collection("billingAccounts").where("userId", "==", user.uid).get();
    expect(links.docs.map((doc) => [doc.get("customerId"), doc.get("locationId")])).toEqual([
      [account.customerId, account.locationId],
    ]);

    // Onboarded: GET /api/auth says so, and onboarded-only routes open.
    const auth = await callApi<{ SalesforceId: string }>("GET", "/api/auth", { token: user.token });
    expect(auth.body.SalesforceId).toBe(answer.body.SalesforceId);
    const parcel = await callApi("GET", "/api/salesforce/landParcelMaster", { token: user.token });
    expect(parcel.status).toBe(200);
  }, 120_000); // the first call of a run starts the function and logs in to the CRM

  it("answers 400 utility-account-street-number-mismatch and stores nothing on a wrong street number", async () => {
    const user = await freshSignedInUser("mismatch");
    const account = BILLING_FIXTURES.negativeAccount;
    const before = await fingerprint(["users", "billingAccounts"]);
    const answer = await callApi<{ error: { message: string } }>("POST", "/api/salesforce/matchToSalesforceContact", {
      token: user.token,
      body: { ...steps, utilityAccountId: account.accountNumber, utilityStreetNumber: "99999" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe("utility-account-street-number-mismatch");
    expect(await fingerprint(["users", "billingAccounts"])).toBe(before);
  });

  it("refuses what the wizard's forms refuse, with field errors", async () => {
    const user = await freshSignedInUser("invalid");
    const answer = await callApi<{ error: { fields: Record<string, string> } }>(
      "POST",
      "/api/salesforce/matchToSalesforceContact",
      { token: user.token, body: { ...steps, zip: "6012", phoneNumber: "555-01", address1: "" } },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toMatchObject({
      "body.zip": "Invalid",
      "body.phoneNumber": "Invalid",
      "body.address1": "Required",
    });
  });
});

describe("GET /api/salesforce/organizations", () => {
  it("needs 3 characters, answers at most 7 hits and leaves out excluded CRM ids", async () => {
    const { idToken } = await principal("noCrm");
    const short = await callApi("GET", "/api/salesforce/organizations?name=St", { token: idToken });
    expect(short.status).toBe(400);

    type Hits = { searchRecords: { Id: string; Name: string; BillingCity: string | null }[] };
    const many = await callApi<Hits>("GET", "/api/salesforce/organizations?name=Street", { token: idToken });
    expect(many.status).toBe(200);
    expect(many.body.searchRecords).toHaveLength(7);
    for (const hit of many.body.searchRecords) expect(hit.Name).toContain("Street");

    const one = await callApi<Hits>("GET", "/api/salesforce/organizations?name=Bakery", { token: idToken });
    expect(one.body.searchRecords.map((hit) => hit.Id)).toEqual([SEEDED_ORGANIZATION_ID]);
    const excluded = await callApi<Hits>(
      "GET",
      `/api/salesforce/organizations?name=Bakery&exclude=${SEEDED_ORGANIZATION_ID}`,
      { token: idToken },
    );
    expect(excluded.body.searchRecords).toEqual([]);
  });
});

describe("POST /api/salesforce/matchOrCreateOrgsToSalesforceOrgs", () => {
  it("joins an existing organization as a pending member and makes the creator of a new one its approver", async () => {
    const resident = seededUser("resident");
    const { idToken } = await principal("resident");
    const taxId = `99-${String(Date.now()).slice(-7)}`;
    const kiteShop = {
      name: "Test Kite Shop",
      taxId,
      businessLicenseId: "BL-99001",
      address1: "10 Grove Ave",
      city: "Elgin",
      state: "IL",
      zip: "60120",
    };
    const answer = await callApi<{
      organizations: { Id: string; Role: string; Verified: boolean; created: boolean }[];
    }>("POST", "/api/salesforce/matchOrCreateOrgsToSalesforceOrgs", {
      token: idToken,
      body: {
        organizations: [{ name: "Fox River Bakery", sfId: SEEDED_ORGANIZATION_ID, taxId: "" }, kiteShop],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [joined, createdOrg] = answer.body.organizations;
    expect(joined).toMatchObject({ Id: SEEDED_ORGANIZATION_ID, Role: "member", Verified: false, created: false });
    expect(createdOrg).toMatchObject({ Role: "approver", Verified: true, created: true });

    const { db } = testAdmin();
    const pending = await db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${resident.uid}`).get();
    expect(pending.data()).toMatchObject({
      organizationId: SEEDED_ORGANIZATION_ID,
      UserId: resident.uid,
      FirstName: "Maria",
      Role: "member",
      Verified: false,
    });
    const approver = await db.collection("orgMembers").doc(`${createdOrg?.Id}_${resident.uid}`).get();
    expect(approver.data()).toMatchObject({ Role: "approver", Verified: true });

    // The same tax id again matches the organization just created instead of making a second one;
    // the answer names neither its id nor its name (issue 26, finding 8).
    const again = await callApi<{ organizations: { Id: string | null; created: boolean }[] }>(
      "POST",
      "/api/salesforce/matchOrCreateOrgsToSalesforceOrgs",
      {
        token: (await principal("resident2")).idToken,
        body: {
          organizations: [kiteShop],
        },
      },
    );
    expect(again.body.organizations[0]).toEqual({
      Id: null,
      Name: kiteShop.name,
      Role: "member",
      Verified: false,
      created: false,
    });
    const waiting = await testAdmin()
      .db.collection("orgMembers")
      .doc(`${createdOrg?.Id}_${seededUser("resident2").uid}`)
      .get();
    expect(waiting.data()).toMatchObject({ Role: "member", Verified: false });

    await pending.ref.delete();
    await approver.ref.delete();
    await db
      .collection("orgMembers")
      .doc(`${createdOrg?.Id}_${seededUser("resident2").uid}`)
      .delete();
  });
});

describe("profile routes", () => {
  it("PUT /api/users/profile refuses a missing zip with field errors and changes nothing", async () => {
    const { idToken } = await principal("resident");
    const before = await fingerprint(["users"]);
    const answer = await callApi<{ error: { fields: Record<string, string> } }>("PUT", "/api/users/profile", {
      token: idToken,
      body: { firstName: "Maria", lastName: "Lopez", address1: "1 Main St", city: "Elgin", state: "IL", zip: "" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ "body.zip": "Required" });
    expect(await fingerprint(["users"])).toBe(before);
  });

  it("PUT /api/users/profile saves names, phone and address", async () => {
    const user = await freshSignedInUser("profile");
    const answer = await callApi<{ FirstName: string; salesforceContact: { zip: string } }>(
      "PUT",
      "/api/users/profile",
      { token: user.token, body: { ...steps, firstName: "Rosalind" } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ FirstName: "Rosalind", salesforceContact: { zip: "60123" } });
  });

  it("another user's profile is refused with 403; an admin may read it", async () => {
    const other = seededUser("resident2").uid;
    const resident = await principal("resident");
    for (const [method, path, body] of [
      ["GET", `/api/users/profile/${other}`, undefined],
      ["PUT", `/api/users/profile/${other}`, { FirstName: "Mallory" }],
      ["GET", `/api/users/profile-details/${other}`, undefined],
      ["DELETE", `/api/users/${other}`, undefined],
      ["GET", `/api/users/notification-prefs/${other}`, undefined],
    ] as const) {
      const answer = await callApi(method, path, { token: resident.idToken, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    const admin = await callApi<{ Id: string }>("GET", `/api/users/profile/${other}`, {
      token: (await principal("admin")).idToken,
    });
    expect(admin.status).toBe(200);
    expect(admin.body.Id).toBe(other);
  });

  it("PUT /api/users keeps a dropdown choice unless forceUpdateLanguage", async () => {
    const user = await freshSignedInUser("language");
    const forced = await callApi<{ Language: string }>("PUT", "/api/users", {
      token: user.token,
      body: { Language: "es", isLanguageOverwrittenByDropdown: true, forceUpdateLanguage: true },
    });
    expect(forced.body).toMatchObject({ Language: "es", isLanguageOverwrittenByDropdown: true });
    const weak = await callApi<{ Language: string }>("PUT", "/api/users", {
      token: user.token,
      body: { Language: "en" },
    });
    expect(weak.body.Language).toBe("es");
  });

  it("notification settings toggle; switching off is an opt-out", async () => {
    const user = await freshSignedInUser("prefs");
    const path = `/api/users/notification-prefs/${user.uid}`;
    const initial = await callApi<{ notificationId: string; enabled: boolean; optedOut: boolean }[]>("GET", path, {
      token: user.token,
    });
    expect(initial.body.every((pref) => !pref.enabled && !pref.optedOut)).toBe(true);
    const off = await callApi<typeof initial.body>("POST", `${path}/pastDue`, {
      token: user.token,
      body: { enabled: false },
    });
    expect(off.body.find((pref) => pref.notificationId === "pastDue")).toMatchObject({
      enabled: false,
      optedOut: true,
    });
    const on = await callApi<typeof initial.body>("POST", `${path}/pastDue`, {
      token: user.token,
      body: { enabled: true },
    });
    expect(on.body.find((pref) => pref.notificationId === "pastDue")).toMatchObject({ enabled: true, optedOut: false });
    const unknown = await callApi("POST", `${path}/noSuchSetting`, { token: user.token, body: { enabled: true } });
    expect(unknown.status).toBe(400);
  });

  it("the one choice for bills and shut-off notices also writes the billing system's shut-off warning", async () => {
    const user = await freshSignedInUser("billsprefs");
    const prefsPath = `/api/users/notification-prefs/${user.uid}`;
    type Pref = { notificationId: string; enabled: boolean; optedOut: boolean };
    const shutoff = async () =>
      (await callApi<Pref[]>("GET", prefsPath, { token: user.token })).body.find(
        (pref) => pref.notificationId === "shutoffWarning",
      );
    const none = { inApp: false, email: false, text: false };
    // The billing toggle on first, so saving "nothing for bills" must turn it off.
    await callApi("POST", `${prefsPath}/shutoffWarning`, { token: user.token, body: { enabled: true } });
    const off = await callApi("PUT", "/api/users/message-preferences", {
      token: user.token,
      body: { bills: none, cases: none, alerts: none },
    });
    expect(off.status).toBe(200);
    expect(await shutoff()).toMatchObject({ enabled: false, optedOut: true });
    const on = await callApi("PUT", "/api/users/message-preferences", {
      token: user.token,
      body: { bills: { inApp: false, email: true, text: false }, cases: none, alerts: none },
    });
    expect(on.status).toBe(200);
    expect(await shutoff()).toMatchObject({ enabled: true, optedOut: false });
    // The other billing settings are the resident's own and untouched.
    const pastDue = (await callApi<Pref[]>("GET", prefsPath, { token: user.token })).body.find(
      (pref) => pref.notificationId === "pastDue",
    );
    expect(pastDue).toMatchObject({ enabled: false, optedOut: false });
  });

  it("a direct call to the billing toggle changes the one choice for bills: the two never disagree", async () => {
    const user = await freshSignedInUser("billstoggle");
    const prefsPath = `/api/users/notification-prefs/${user.uid}`;
    type Pref = { notificationId: string; enabled: boolean; optedOut: boolean };
    const shutoff = async () =>
      (await callApi<Pref[]>("GET", prefsPath, { token: user.token })).body.find(
        (pref) => pref.notificationId === "shutoffWarning",
      );
    const bills = async () =>
      (await callApi<{ topics: { bills: unknown } }>("GET", "/api/users/message-preferences", { token: user.token }))
        .body.topics.bills;
    const cases = { inApp: true, email: true, text: false };
    const saved = await callApi("PUT", "/api/users/message-preferences", {
      token: user.token,
      body: { bills: { inApp: false, email: true, text: false }, cases, alerts: cases },
    });
    expect(saved.status).toBe(200);
    expect(await shutoff()).toMatchObject({ enabled: true, optedOut: false });

    // Off by the billing route: no channel for bills in her message preferences either.
    const off = await callApi<Pref[]>("POST", `${prefsPath}/shutoffWarning`, {
      token: user.token,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.find((pref) => pref.notificationId === "shutoffWarning")).toMatchObject({
      enabled: false,
      optedOut: true,
    });
    expect(await bills()).toEqual({ inApp: false, email: false, text: false });
    // On again: the default channels for bills; her other topics are untouched.
    await callApi("POST", `${prefsPath}/shutoffWarning`, { token: user.token, body: { enabled: true } });
    expect(await bills()).toEqual({ inApp: true, email: true, text: false });
    expect(await shutoff()).toMatchObject({ enabled: true, optedOut: false });
    const topics = (
      await callApi<{ topics: Record<string, unknown> }>("GET", "/api/users/message-preferences", {
        token: user.token,
      })
    ).body.topics;
    expect(topics.cases).toEqual(cases);
    // On while already on keeps what she chose.
    await callApi("PUT", "/api/users/message-preferences", {
      token: user.token,
      body: { bills: { inApp: false, email: true, text: false }, cases, alerts: cases },
    });
    await callApi("POST", `${prefsPath}/shutoffWarning`, { token: user.token, body: { enabled: true } });
    expect(await bills()).toEqual({ inApp: false, email: true, text: false });
  });
});

describe("PUT /api/users/image", () => {
  it("answers 413 to an upload over the limit", async () => {
    // The local Functions emulator reads every request whole before the function runs (and the
    // runtime's body parser stops at 32 MB), so the body is really sent here; the function's own
    // refusal on the declared length alone is proven in profile-picture.routes.test.ts.
    const { idToken } = await principal("resident");
    const answer = await streamProfileImage(idToken as string, {
      contentType: "multipart/form-data; boundary=x",
      fillBytes: PROFILE_PICTURE_MAX_BYTES + 1024 * 1024,
      fillByte: 0x61,
    });
    expect(answer.status).toBe(413);
  }, 60_000);

  it("stores one uploaded picture and serves it back", async () => {
    const user = await freshSignedInUser("picture");
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    const response = await putProfileImage(user.token, { bytes: png, type: "image/png", name: "me.png" });
    const body = (await response.json()) as { url: string; bytes: number };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.bytes).toBe(png.length);
    const stored = await testAdmin().db.collection("users").doc(user.uid).get();
    expect(stored.get("ProfilePictureUrl")).toBe(body.url);
    const picture = await fetch(`${stackInfo().portalUrl}${body.url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    // Re-encoded without metadata (tests/api/security.test.ts), still a PNG.
    expect(Buffer.from(await picture.arrayBuffer()).subarray(0, 8)).toEqual(png.subarray(0, 8));

    const refused = await putProfileImage(
      user.token,
      { bytes: png, type: "image/png", name: "a.png" },
      { bytes: png, type: "image/png", name: "b.png" },
    );
    expect(refused.status).toBe(400);
    const notImage = await putProfileImage(user.token, { bytes: "hello", type: "text/plain", name: "a.txt" });
    expect(notImage.status).toBe(400);
    // A page renamed .png and declared image/png is refused on its first bytes; the picture stays.
    const page = await putProfileImage(user.token, {
      bytes: "<!doctype html><script>alert(1)</script>",
      type: "image/png",
      name: "x.png",
    });
    expect(page.status).toBe(400);
    expect((await testAdmin().db.collection("users").doc(user.uid).get()).get("ProfilePictureUrl")).toBe(body.url);
  });
});

describe("PUT /api/users/image: the memory a picture takes (issue 25)", () => {
  it("stores a phone photo fitted within PROFILE_PICTURE_MAX_EDGE, and refuses one declaring over 100 megapixels", async () => {
    const user = await freshSignedInUser("picture-size");
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#4a7" } })
      .jpeg()
      .toBuffer();
    const stored = await putProfileImage(user.token, { bytes: photo, type: "image/jpeg", name: "photo.jpg" });
    const body = (await stored.json()) as { url: string };
    expect(stored.status, JSON.stringify(body)).toBe(200);
    const picture = Buffer.from(await (await fetch(`${stackInfo().portalUrl}${body.url}`)).arrayBuffer());
    expect(await sharp(picture).metadata()).toMatchObject({
      format: "jpeg",
      width: PROFILE_PICTURE_MAX_EDGE,
      height: (PROFILE_PICTURE_MAX_EDGE * 3) / 4,
    });

    // An 8 x 8 JPEG whose frame header (SOF0) declares 10,000 x 10,001 pixels: refused from the header.
    const huge = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .jpeg()
        .toBuffer(),
    );
    const frame = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(10_000, frame + 5);
    huge.writeUInt16BE(10_001, frame + 7);
    const refused = await putProfileImage(user.token, { bytes: huge, type: "image/jpeg", name: "huge.jpg" });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("100 megapixels");
    expect((await testAdmin().db.collection("users").doc(user.uid).get()).get("ProfilePictureUrl")).toBe(body.url);
  });
});

describe("DELETE /api/users/:id", () => {
  it("removes the identity user and the user's portal data", async () => {
    const user = await freshSignedInUser("delete");
    const { auth, db } = testAdmin();
    await db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${user.uid}`).set({
      organizationId: SEEDED_ORGANIZATION_ID,
      UserId: user.uid,
      Role: "member",
      Verified: false,
    });
    await db.collection("billingAccounts").doc(`user_${user.uid}_1_2`).set({ userId: user.uid });
    await db.collection("notifications").doc(`n_${user.uid}`).set({ UserId: user.uid, Title: "Hi" });
    const keep = await fingerprint(["orgMembers"]);

    const answer = await callApi("DELETE", `/api/users/${user.uid}`, { token: user.token });
    expect(answer.status).toBe(200);
    await expect(auth.getUser(user.uid)).rejects.toThrow();
    expect((await db.collection("users").doc(user.uid).get()).exists).toBe(false);
    expect((await db.collection("orgMembers").where("UserId", "==", user.uid).get()).size).toBe(0);
    expect((await db.collection("billingAccounts").where("userId", "==", user.uid).get()).size).toBe(0);
    expect((await db.collection("notifications").where("UserId", "==", user.uid).get()).size).toBe(0);
    expect(await fingerprint(["orgMembers"])).not.toBe(keep);
    // The seeded memberships of others are untouched.
    expect((await db.collection("orgMembers").where("organizationId", "==", SEEDED_ORGANIZATION_ID).get()).size).toBe(
      2,
    );
  });
});
