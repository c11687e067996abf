import sharp from "sharp";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { PROFILE_PICTURE_MAX_BYTES } from "../../functions/src/contract/account-forms.ts";
import type { AccountAutopay } from "../../functions/src/contract/autopay.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi, streamProfileImage } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { stackCrm } from "../kit/identity.ts";
import { billingControl, CHARGE_ROUTE, newKey, pay, payLpi, paymentsControl, routeCount } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";

/** Issue 26 "Rules the API must enforce, not only the page". */

const setFlag = (name: string, enabled: boolean) =>
  testAdmin().db.collection("featureFlags").doc(name).set({ name, enabled });

afterEach(async () => {
  await setFlag("EnableLPI", true);
  await setFlag("EnableACHAutopay", true);
});

const autopayEnrolments = async () =>
  Object.entries((await billingControl().counters()).byRoute)
    .filter(([route]) => route.startsWith("PUT ") && route.endsWith("/autopay"))
    .reduce((sum, [, calls]) => sum + calls, 0);

describe("EnableLPI off: the three LPI routes refuse, and nothing is created or charged", () => {
  it("answers 403 to the bill, the payment and a new application", async () => {
    const resident = await principal("resident");
    const token = resident.idToken as string;
    const lpiCount = () => stackCrm().count({ text: "SELECT COUNT() FROM LPI_Application__c" });
    // The seeded resident's own application, $18.50 due.
    const existing = city().seededActivities.residentLpiApplication;
    await setFlag("EnableLPI", false);
    const applicationsBefore = await lpiCount();
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);

    const bill = await callApi("GET", `/api/lpiPayment/${existing}`, { token });
    const paid = await payLpi(newKey(), { nonce: await cardNonce(), amountCents: 1850, activityId: existing }, token);
    const created = await callApi("POST", "/api/payment/createLPIUserActivities", {
      token,
      body: { sfParentId: existing, activityId: "LATE_PAYMENT_INTEREST", userId: seededUser("resident").uid },
    });
    for (const answer of [bill, paid, created]) {
      expect(answer.status).toBe(403);
      expect(answer.contentType).toContain("json");
    }
    expect(await lpiCount()).toBe(applicationsBefore);
    expect(await routeCount(paymentsControl(), CHARGE_ROUTE)).toBe(chargesBefore);
  });
});

describe("EnableACHAutopay off: bank autopay is refused", () => {
  it("answers 403 and asks the billing system nothing", async () => {
    const resident = await principal("resident");
    const account = BILLING_FIXTURES.goodAccount;
    await setFlag("EnableACHAutopay", false);
    const before = await autopayEnrolments();
    const answer = await callApi("PUT", "/api/autopay", {
      token: resident.idToken,
      body: {
        navilineCustomerId: account.customerId,
        navilineLocationId: account.locationId,
        routingNumber: "021000021",
        accountNumber: "000123456",
        accountType: "checking",
      },
    });
    expect(answer.status).toBe(403);
    expect(await autopayEnrolments()).toBe(before);
  });
});

describe("license year: 2020 or later", () => {
  it("refuses an earlier year on the fee calculation and on the payment (400), before the billing system", async () => {
    const { license } = BILLING_FIXTURES;
    const renewal = { licenseYear: "19", licenseNumber: license.licenseNumber, licensePIN: license.pin };
    const billingBefore = (await billingControl().counters()).total;
    const fees = await callApi<{ error: { fields: Record<string, string> } }>("POST", "/api/licenses/renew/calc", {
      body: renewal,
    });
    expect(fees.status).toBe(400);
    expect(fees.body.error.fields).toMatchObject({ "body.licenseYear": "Invalid" });
    const paid = await pay(newKey(), {
      paymentType: "BUSINESS_LICENSE",
      nonce: await cardNonce(),
      amountCents: 16500,
      license: renewal,
    });
    expect(paid.status).toBe(400);
    expect((await billingControl().counters()).total).toBe(billingBefore);
  });
});

describe("autopay for an organization's water account", () => {
  it("a verified member sets and removes it; a non-member is refused; the account is not the member's own", async () => {
    const member = await principal("orgMember");
    const account = BILLING_FIXTURES.negativeAccount;
    const linked = await callApi("POST", "/api/naviline/paymentInformation", {
      token: member.idToken,
      body: {
        userId: member.user?.uid,
        organizationId: SEEDED_ORGANIZATION_ID,
        customerId: account.customerId,
        locationId: account.locationId,
        streetNumber: account.streetNumber,
      },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    onTestFinished(async () => {
      await callApi(
        "DELETE",
        `/api/naviline/paymentInformation?userId=${member.user?.uid}&organizationId=${SEEDED_ORGANIZATION_ID}&customerId=${account.customerId}&locationId=${account.locationId}`,
        { token: member.idToken },
      );
    });
    const bank = {
      navilineCustomerId: account.customerId,
      navilineLocationId: account.locationId,
      routingNumber: "021000021",
      accountNumber: "000123456",
      accountType: "checking",
    };
    // As the member's own account it is not theirs; for another organization's member, refused.
    expect((await callApi("PUT", "/api/autopay", { token: member.idToken, body: bank })).status).toBe(404);
    const stranger = await principal("resident2");
    const refused = await callApi("PUT", "/api/autopay", {
      token: stranger.idToken,
      body: { ...bank, organizationId: SEEDED_ORGANIZATION_ID },
    });
    expect(refused.status).toBe(403);

    const saved = await callApi<AccountAutopay>("PUT", "/api/autopay", {
      token: member.idToken,
      body: { ...bank, organizationId: SEEDED_ORGANIZATION_ID },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ AutopayEnabled: true, AutopayStatus: "C" });
    const removed = await callApi(
      "DELETE",
      `/api/autopay/${saved.body.AutopayId}?organizationId=${SEEDED_ORGANIZATION_ID}`,
      { token: member.idToken },
    );
    expect(removed.status).toBe(200);
  });
});

describe("a picture over 100 MB", () => {
  it("answers 413 even when the part that fits would not decode (a JPEG whose comment segments run past the limit)", async () => {
    const { idToken } = await principal("resident");
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#36c" } })
      .jpeg()
      .toBuffer();
    const comment = (length: number) => {
      const segment = Buffer.alloc(length, 0x20);
      segment[0] = 0xff;
      segment[1] = 0xfe;
      segment.writeUInt16BE(length - 2, 2);
      return segment;
    };
    // Comment segments up to 1 KB past the limit, then the image: the declared length stays within
    // the multipart allowance, and the first 100 MB hold no image data (padding after the image,
    // which the decoder ignores, was 413 already; this is the case that answered 400).
    const target = PROFILE_PICTURE_MAX_BYTES + 1024 - jpeg.length;
    const full = comment(65537);
    const count = Math.floor(target / full.length);
    const file = Buffer.concat([
      jpeg.subarray(0, 2),
      ...Array.from({ length: count }, () => full),
      comment(target - count * full.length),
      jpeg.subarray(2),
    ]);
    expect(file.length).toBe(PROFILE_PICTURE_MAX_BYTES + 1024);
    const boundary = "portal-boundary";
    const answer = await streamProfileImage(idToken as string, {
      contentType: `multipart/form-data; boundary=${boundary}`,
      head: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        file,
      ]),
      fillBytes: 0,
      tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    });
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "too_large" } });
  }, 120_000);
});
