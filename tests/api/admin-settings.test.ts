import { afterAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { SEEDED_PUBLIC_FIELDS } from "../../emulators/src/seed/seed-portal.ts";
import type { ActivityDetail } from "../../functions/src/contract/activity-detail.ts";
import type { MaintenancePeriod } from "../../functions/src/contract/maintenance.ts";
import type { PaymentMaintenanceInfo, SystemAlert } from "../../functions/src/contract/messages.ts";
import type { PublicFieldsConfig } from "../../functions/src/contract/public-fields.ts";
import { fingerprint, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { utilityCardPayment } from "../kit/card-nonce.ts";
import { windowInForceNow } from "../kit/maintenance-window.ts";
import { pay } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";

const token = async (key: Parameters<typeof principal>[0]) => (await principal(key)).idToken as string;
const createdAlerts: string[] = [];
const createdPeriods: string[] = [];

/** Everything this file adds goes, and the seeded public fields come back, so later files see the seed. */
afterAll(async () => {
  const { db } = testAdmin();
  for (const id of createdAlerts) await db.collection("systemAlerts").doc(id).delete();
  for (const id of createdPeriods) await db.collection("maintenancePeriods").doc(id).delete();
  await db.collection("publicFields").doc("Case").set({ objectName: "Case", fields: SEEDED_PUBLIC_FIELDS.Case });
});

type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

describe("system alerts administration", () => {
  const alert = {
    titleEnglish: "  Snow emergency  ",
    titleSpanish: "Emergencia de nieve",
    textEnglish: '<p onclick="steal()">Move cars off <strong>snow routes</strong>.<script>alert(1)</script></p>',
    textSpanish: '<p>Retire los autos de las <a href="javascript:alert(1)">rutas de nieve</a>.</p>',
  };

  it("an admin adds an alert: stored sanitized and trimmed, and every visitor sees it while active", async () => {
    const admin = await token("admin");
    const created = await callApi<SystemAlert>("POST", "/api/systemAlerts", { token: admin, body: alert });
    expect(created.status).toBe(200);
    createdAlerts.push(created.body.Id);
    expect(created.body).toMatchObject({
      titleEnglish: "Snow emergency",
      textEnglish: "<p>Move cars off <strong>snow routes</strong>.</p>",
      textSpanish: "<p>Retire los autos de las <a>rutas de nieve</a>.</p>",
      active: true,
    });
    const stored = await testAdmin().db.collection("systemAlerts").doc(created.body.Id).get();
    expect(stored.get("textEnglish")).toBe("<p>Move cars off <strong>snow routes</strong>.</p>");
    expect(stored.get("CreatedBy")).toBe((await principal("admin")).user?.uid);

    const seen = await callApi<SystemAlert[]>("GET", "/api/systemAlerts");
    expect(seen.body.find((item) => item.Id === created.body.Id)?.titleSpanish).toBe("Emergencia de nieve");

    const edited = await callApi<SystemAlert>("PUT", `/api/systemAlerts/${created.body.Id}`, {
      token: admin,
      body: { ...alert, titleEnglish: "Snow emergency lifted", active: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ titleEnglish: "Snow emergency lifted", active: false });
    const anonymous = await callApi<SystemAlert[]>("GET", "/api/systemAlerts");
    expect(anonymous.body.map((item) => item.Id)).not.toContain(created.body.Id);
    const asAdmin = await callApi<SystemAlert[]>("GET", "/api/systemAlerts", { token: admin });
    expect(asAdmin.body.find((item) => item.Id === created.body.Id)?.active).toBe(false);

    expect((await callApi("DELETE", `/api/systemAlerts/${created.body.Id}`, { token: admin })).status).toBe(200);
    expect((await callApi("DELETE", `/api/systemAlerts/${created.body.Id}`, { token: admin })).status).toBe(404);
    const edit = await callApi("PUT", `/api/systemAlerts/${created.body.Id}`, {
      token: admin,
      body: { ...alert, active: true },
    });
    expect(edit.status).toBe(404);
    expect((await testAdmin().db.collection("systemAlerts").doc(created.body.Id).get()).exists).toBe(false);
  });

  it("refuses a blank title or a text that is only markup, storing nothing", async () => {
    const admin = await token("admin");
    const before = await fingerprint(["systemAlerts"]);
    const blank = await callApi<ErrorBody>("POST", "/api/systemAlerts", {
      token: admin,
      body: { ...alert, titleSpanish: "   " },
    });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.error.fields ?? {})).toEqual(["body.titleSpanish"]);
    const markup = await callApi<ErrorBody>("POST", "/api/systemAlerts", {
      token: admin,
      body: { ...alert, textEnglish: "<p> </p><script>alert(1)</script>" },
    });
    expect(markup.status).toBe(400);
    expect(Object.keys(markup.body.error.fields ?? {})).toEqual(["body.textEnglish"]);
    expect(await fingerprint(["systemAlerts"])).toBe(before);
  });
});

describe("bill-pay maintenance administration", () => {
  it("a period in force now turns online bill pay off until it is disabled or deleted", async () => {
    const admin = await token("admin");
    const period = {
      maintenanceWarningAlert: windowInForceNow({ englishText: "Bill pay maintenance tonight." }),
      maintenanceSettings: windowInForceNow(),
    };
    const created = await callApi<MaintenancePeriod>("POST", "/api/paymentMaintenanceInfo", {
      token: admin,
      body: { billingMaintenancePeriod: period },
    });
    expect(created.status).toBe(200);
    createdPeriods.push(created.body.id);

    const info = await callApi<PaymentMaintenanceInfo>("GET", "/api/paymentMaintenanceInfo");
    expect(info.body.onlineBillPayEnabled).toBe(false);
    expect(info.body.maintenanceSettings?.spanishText).toBe(period.maintenanceSettings.spanishText);
    expect(info.body.maintenanceWarningAlert?.englishText).toBe("Bill pay maintenance tonight.");

    // The API refuses a water-bill payment meanwhile, before anything is recorded or charged.
    const paymentsBefore = await fingerprint(["payments"]);
    // A card that would pay: only the maintenance period stops it.
    const payment = await pay(
      `maintenance-${Date.now()}`,
      await utilityCardPayment(BILLING_FIXTURES.goodAccount.accountNumber, 5000),
      await token("resident"),
    );
    expect(payment.status).toBe(503);
    expect(payment.body.error?.code).toBe("unavailable");
    expect(await fingerprint(["payments"])).toBe(paymentsBefore);

    const all = await callApi<MaintenancePeriod[]>("GET", "/api/allPaymentMaintenanceInfo", { token: admin });
    expect(all.body.find((item) => item.id === created.body.id)).toEqual({ id: created.body.id, ...period });

    const disabled = await callApi("PUT", "/api/paymentMaintenanceInfo", {
      token: admin,
      body: {
        billingMaintenancePeriod: {
          id: created.body.id,
          ...period,
          maintenanceSettings: { ...period.maintenanceSettings, enabled: false },
        },
      },
    });
    expect(disabled.status).toBe(200);
    expect((await callApi<PaymentMaintenanceInfo>("GET", "/api/paymentMaintenanceInfo")).body).toMatchObject({
      onlineBillPayEnabled: true,
      maintenanceSettings: null,
    });

    expect((await callApi("DELETE", `/api/paymentMaintenanceInfo/${created.body.id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await callApi("DELETE", `/api/paymentMaintenanceInfo/${created.body.id}`, { token: admin })).status).toBe(
      404,
    );
    expect(
      (await callApi<PaymentMaintenanceInfo>("GET", "/api/paymentMaintenanceInfo")).body.maintenanceWarningAlert,
    ).toBeNull();
  });

  it("refuses times, days and texts that break the spec's rules, storing nothing", async () => {
    const admin = await token("admin");
    const before = await fingerprint(["maintenancePeriods"]);
    const answer = await callApi<ErrorBody>("POST", "/api/paymentMaintenanceInfo", {
      token: admin,
      body: {
        billingMaintenancePeriod: {
          maintenanceWarningAlert: windowInForceNow({ startTime: "13:00 PM" }),
          maintenanceSettings: windowInForceNow({
            endTime: "10:60 AM",
            spanishText: " ",
            daysActive: { ...windowInForceNow().daysActive, everyDay: false },
          }),
        },
      },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields ?? {}).sort()).toEqual(
      [
        "body.billingMaintenancePeriod.maintenanceSettings.daysActive",
        "body.billingMaintenancePeriod.maintenanceSettings.endTime",
        "body.billingMaintenancePeriod.maintenanceSettings.spanishText",
        "body.billingMaintenancePeriod.maintenanceWarningAlert.startTime",
      ].sort(),
    );
    expect(await fingerprint(["maintenancePeriods"])).toBe(before);
  });
});

describe("public fields administration", () => {
  const caseId = city().seededActivities.residentActionRequiredCase;

  it("an admin picks a Case's fields from the CRM's describe; the case detail shows only those", async () => {
    const admin = await token("admin");
    const objects = await callApi<string[]>("GET", "/api/salesforcePublicField/sObjects", { token: admin });
    expect(objects.body).toEqual([
      "Case",
      "COE_Permit__c",
      "Permit_Applications__c",
      "Zoning_Inquiry__c",
      "LPI_Application__c",
    ]);
    const config = await callApi<PublicFieldsConfig>("GET", "/api/salesforcePublicField/Case", { token: admin });
    expect(config.body.fields).toEqual(SEEDED_PUBLIC_FIELDS.Case);
    expect(config.body.available.map((field) => field.name)).toEqual(
      expect.arrayContaining(["Subject", "Origin", "Status"]),
    );

    const saved = await callApi("POST", "/api/salesforcePublicField/Case", {
      token: admin,
      body: { fields: ["Subject", "Origin"] },
    });
    expect(saved.status).toBe(200);
    const detail = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${caseId}`, {
      token: await token("resident"),
    });
    expect(detail.body.formDetails.details.map((item) => item.label).sort()).toEqual(
      config.body.available
        .filter((field) => field.name === "Subject" || field.name === "Origin")
        .map((field) => field.label)
        .sort(),
    );
  });

  it("refuses fields the object does not have, and objects outside the list", async () => {
    const admin = await token("admin");
    const before = await fingerprint(["publicFields"]);
    const unknown = await callApi<ErrorBody>("POST", "/api/salesforcePublicField/Case", {
      token: admin,
      body: { fields: ["Subject", "Secret_Notes__c"] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields?.["body.fields"]).toContain("Secret_Notes__c");
    const contact = await callApi("POST", "/api/salesforcePublicField/Contact", {
      token: admin,
      body: { fields: ["Email"] },
    });
    expect(contact.status).toBe(400);
    expect(await fingerprint(["publicFields"])).toBe(before);
  });
});
