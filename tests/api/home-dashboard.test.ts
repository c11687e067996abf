import { afterAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { SEEDED_ACTIVITIES } from "../../emulators/src/seed/activities.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { Activity } from "../../functions/src/contract/activity.ts";
import type { InProgressResponse } from "../../functions/src/contract/case-status.ts";
import type { EventItem, NewsItem } from "../../functions/src/contract/feeds.ts";
import type {
  BillingAccountSummary,
  PaymentMaintenanceInfo,
  PortalMessage,
  SystemAlert,
} from "../../functions/src/contract/messages.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { residentAccounts } from "../kit/billing.ts";
import { freshResident } from "../kit/cases.ts";
import { stackCrm } from "../kit/identity.ts";
import { newLpiParent } from "../kit/payments.ts";
import { principal, signIn } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

describe("catalogue read API", () => {
  it("lists only published, not deleted services, sorted by Order then Item", async () => {
    const answer = await callApi<Activity[]>("GET", "/api/activities");
    expect(answer.status).toBe(200);
    const ids = answer.body.map((activity) => activity.Id);
    const expected = SEEDED_ACTIVITIES.filter((activity) => activity.Published && !activity.Deleted)
      .sort((a, b) => a.Order - b.Order || a.Item.localeCompare(b.Item, "en", { sensitivity: "base" }))
      .map((activity) => activity.Id);
    // Admin tests may add services of their own; the seeded ones keep their relative order.
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    expect(ids).not.toContain("svc-dog-license");
    expect(ids).not.toContain("svc-old-leaf-pickup");
    for (let index = 1; index < answer.body.length; index++) {
      const [a, b] = [answer.body[index - 1] as Activity, answer.body[index] as Activity];
      expect(a.Order <= b.Order, `${a.Id} before ${b.Id}`).toBe(true);
    }
  });

  it("returns one service, and 'Activity could not be found' for unknown or unpublished ones", async () => {
    const water = await callApi<Activity>("GET", "/api/activities/WATER_BILL");
    expect(water.status).toBe(200);
    expect(water.body).toMatchObject({ Id: "WATER_BILL", Action: "PAY_FOR", GuestEnabled: true });
    for (const id of ["no-such-service", "svc-dog-license", "svc-old-leaf-pickup"]) {
      const missing = await callApi("GET", `/api/activities/${id}`);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toMatchObject({ error: { code: "not_found", message: "Activity could not be found" } });
    }
  });
});

describe("feeds", () => {
  const feeds = sandboxControl(stackInfo().sandboxes.feeds as string);
  afterAll(() => feeds.reset());

  it("parses the news and events on the server and lets browsers cache them", async () => {
    const news = await callApi<NewsItem[]>("GET", "/api/feeds/news");
    expect(news.status).toBe(200);
    expect(news.body.length).toBeGreaterThanOrEqual(3);
    expect(news.body[0]).toMatchObject({ title: expect.any(String), link: expect.stringMatching(/^https?:/) });
    const dates = news.body.map((item) => item.pubDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const events = await callApi<EventItem[]>("GET", "/api/feeds/events");
    expect(events.status).toBe(200);
    expect(events.body.length).toBeGreaterThanOrEqual(6);
    expect(events.body[0]?.calendarEvent).toMatchObject({ Location: expect.any(String) });
    expect(news.contentType).toContain("json");
  });

  it("answers 503 JSON when the feed is down and a fresh read is needed, and recovers", async () => {
    await feeds.setFaults({ down: true });
    const failed = await callApi("GET", "/api/feeds/events", { headers: { "x-refresh-feed": "1" } });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ error: { code: "unavailable" } });
    await feeds.reset();
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const recovered = await callApi<EventItem[]>("GET", "/api/feeds/events", {
      headers: { "x-refresh-feed": "1" },
    });
    expect(recovered.status).toBe(200);
  });
});

describe("dashboard", () => {
  it("lists the resident's activities in progress and completed, with status colour and label", async () => {
    const resident = await principal("resident");
    const answer = await callApi<InProgressResponse>("GET", "/api/salesforce/inProgress", {
      token: resident.idToken,
    });
    expect(answer.status).toBe(200);
    const named = city().seededActivities;
    const all = [...answer.body.inProgress, ...answer.body.completed];
    const actionCase = answer.body.inProgress.find((item) => item.id === named.residentActionRequiredCase);
    expect(actionCase).toMatchObject({
      type: "Case",
      actionRequired: true,
      status: "Open",
      statusInformation: { color: "blue", label: "Open" },
    });
    const review = all.find((item) => item.id === named.residentRelatedPermitApplication);
    expect(review?.statusInformation).toEqual({ color: "yellow", label: "Under Staff Review" });
    expect(answer.body.completed.map((item) => item.id)).toContain(named.residentCompletedCase);
    // Only the resident's own: none of the approver's organization permit.
    expect(all.map((item) => item.id)).not.toContain(named.approverOrganizationPermit);
    const times = all.map((item) => item.lastModified);
    expect(times.every((time) => !Number.isNaN(Date.parse(time)))).toBe(true);
  });

  it("adds the organization's activities for a member who selects it, and refuses outsiders", async () => {
    const approver = await principal("approver");
    const organizationId = seededUser("approver").organization?.id as string;
    const answer = await callApi<InProgressResponse>(
      "GET",
      `/api/salesforce/inProgress?organizationId=${organizationId}`,
      { token: approver.idToken },
    );
    expect(answer.status).toBe(200);
    const ids = [...answer.body.inProgress, ...answer.body.completed].map((item) => item.id);
    expect(ids).toContain(city().seededActivities.approverOrganizationPermit);
    const outsider = await callApi("GET", `/api/salesforce/inProgress?organizationId=${organizationId}`, {
      token: (await principal("resident")).idToken,
    });
    expect(outsider.status).toBe(403);
  });

  it("marks a form's case with the catalogue service it was filed under, so its name is shown translated", async () => {
    // The forms pipeline files a Block Party Permit form's case with Subject = the service's English name.
    const holder = await freshResident("catalogue-name");
    const filed = await stackCrm().create("Case", {
      ContactId: holder.contactId,
      Subject: "Block Party Permit",
      Status: "New",
    });
    const other = await stackCrm().create("Case", {
      ContactId: holder.contactId,
      Subject: "Tree down on Grove Ave",
      Status: "New",
    });
    try {
      const token = await signIn(holder.email, holder.password);
      const answer = await callApi<InProgressResponse>("GET", "/api/salesforce/inProgress", { token });
      expect(answer.status).toBe(200);
      const byId = new Map(answer.body.inProgress.map((item) => [item.id, item]));
      expect(byId.get(filed)).toMatchObject({ activityName: "Block Party Permit", catalogueId: "svc-block-party" });
      expect(byId.get(other)?.activityName).toBe("Tree down on Grove Ave");
      expect(byId.get(other)).not.toHaveProperty("catalogueId");
    } finally {
      await holder.remove([
        { object: "Case", id: filed },
        { object: "Case", id: other },
      ]);
    }
  });

  it("counts the items requiring attention", async () => {
    const answer = await callApi<{ id: string; actionRequired: boolean }[]>("GET", "/api/activitiesPendingAction", {
      token: (await principal("resident")).idToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.map((item) => item.id)).toContain(city().seededActivities.residentActionRequiredCase);
    expect(answer.body.every((item) => item.actionRequired)).toBe(true);
  });

  it("shows the resident's water account with its amount due from the billing system", async () => {
    const resident = await principal("resident");
    const accounts = await residentAccounts();
    const account = city().seededResidentUtilityAccount;
    expect(accounts).toEqual([
      expect.objectContaining({
        customerId: account.Customer_Id__c,
        locationId: account.Location_Id__c,
        amountDueCents: expect.any(Number),
      }),
    ]);
    const other = await callApi<BillingAccountSummary[]>(
      "GET",
      `/api/naviline/paymentInformation?userId=${seededUser("resident2").uid}`,
      { token: resident.idToken },
    );
    expect(other.status).toBe(403);
  });

  it("answers the maintenance info with bill pay on by default", async () => {
    const answer = await callApi<PaymentMaintenanceInfo>("GET", "/api/paymentMaintenanceInfo");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      maintenanceWarningAlert: null,
      maintenanceSettings: null,
      onlineBillPayEnabled: true,
    });
  });

  it("creates the late-payment-interest activity in the CRM and lists it", async () => {
    const resident = await principal("resident");
    const uid = seededUser("resident").uid;
    const created = await callApi<{ Id: string; caseNumber: string }>("POST", "/api/payment/createLPIUserActivities", {
      token: resident.idToken,
      body: { sfParentId: await newLpiParent(), activityId: "LATE_PAYMENT_INTEREST", userId: uid },
    });
    expect(created.status).toBe(200);
    expect(created.body.Id).toMatch(/^[A-Za-z0-9]{18}$/);
    expect(created.body.caseNumber).toMatch(/^LPI-\d{4}-\d{5}$/);
    const list = await callApi<InProgressResponse>("GET", "/api/salesforce/inProgress", { token: resident.idToken });
    expect(list.body.inProgress.find((item) => item.id === created.body.Id)).toMatchObject({
      type: "LPI_Application__c",
      // Filed with its bill: it waits for the interest to be paid.
      status: "Pending Payment",
      caseNumber: created.body.caseNumber,
    });
    const forOther = await callApi("POST", "/api/payment/createLPIUserActivities", {
      token: resident.idToken,
      body: { sfParentId: "003000000000001AAA", activityId: "LPI", userId: seededUser("resident2").uid },
    });
    expect(forOther.status).toBe(403);
    const bad = await callApi("POST", "/api/payment/createLPIUserActivities", {
      token: resident.idToken,
      body: { sfParentId: "not an id'", activityId: "LPI", userId: uid },
    });
    expect(bad.status).toBe(400);
  });
});

describe("messages", () => {
  const { db } = testAdmin();
  const resident = seededUser("resident").uid;
  const ids = ["test-msg-read", "test-msg-delete"];
  afterAll(async () => {
    for (const id of ids) await db.collection("notifications").doc(id).delete();
  });

  it("lists only the caller's own messages, newest first, with unread ones marked by ReadAt null", async () => {
    const answer = await callApi<PortalMessage[]>("GET", "/api/notifications", {
      token: (await principal("resident")).idToken,
    });
    expect(answer.status).toBe(200);
    const messageIds = answer.body.map((message) => message.Id);
    expect(messageIds).toContain("msg-resident-action-required");
    expect(messageIds).not.toContain("msg-resident2-private");
    const welcome = answer.body.find((message) => message.Id === "msg-resident-welcome");
    expect(welcome?.ReadAt).not.toBeNull();
    const created = answer.body.map((message) => message.CreatedAt);
    expect([...created].sort().reverse()).toEqual(created);
    const bySfId = await callApi<PortalMessage[]>(
      "GET",
      `/api/notifications?sfId=${city().seededActivities.residentCompletedCase}`,
      { token: (await principal("resident")).idToken },
    );
    expect(bySfId.body.map((message) => message.Id)).toEqual(["msg-resident-completed"]);
  });

  it("marks the caller's message read and deletes it; another user's id is 404 and unchanged", async () => {
    const token = (await principal("resident")).idToken;
    const base = { UserId: resident, Title: "Test", Body: "Body", CreatedAt: new Date(), ReadAt: null };
    await db
      .collection("notifications")
      .doc("test-msg-read")
      .set({ ...base, SObjectType: null, SalesforceId: null });
    await db
      .collection("notifications")
      .doc("test-msg-delete")
      .set({ ...base, SObjectType: null, SalesforceId: null });

    const read = await callApi<PortalMessage>("PUT", "/api/notifications/test-msg-read/read", { token });
    expect(read.status).toBe(200);
    expect(read.body.ReadAt).not.toBeNull();
    expect((await db.collection("notifications").doc("test-msg-read").get()).get("ReadAt")).not.toBeNull();

    const removed = await callApi("DELETE", "/api/notifications/test-msg-delete", { token });
    expect(removed.status).toBe(200);
    expect((await db.collection("notifications").doc("test-msg-delete").get()).exists).toBe(false);

    const before = (await db.collection("notifications").doc("msg-resident2-private").get()).data();
    const readOther = await callApi("PUT", "/api/notifications/msg-resident2-private/read", { token });
    const deleteOther = await callApi("DELETE", "/api/notifications/msg-resident2-private", { token });
    const deleteMissing = await callApi("DELETE", "/api/notifications/no-such-message", { token });
    for (const answer of [readOther, deleteOther, deleteMissing]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: { code: "not_found", message: "Message not found." } });
    }
    expect((await db.collection("notifications").doc("msg-resident2-private").get()).data()).toEqual(before);
  });

  it("needs a sign-in", async () => {
    expect((await callApi("GET", "/api/notifications")).status).toBe(401);
  });
});

describe("system alerts", () => {
  it("gives every visitor the active alerts, newest first", async () => {
    const answer = await callApi<SystemAlert[]>("GET", "/api/systemAlerts");
    expect(answer.status).toBe(200);
    const ids = answer.body.map((alert) => alert.Id);
    expect(ids).toEqual(expect.arrayContaining(["alert-water-main", "alert-leaf-collection"]));
    expect(ids).not.toContain("alert-old-closure");
    expect(answer.body.every((alert) => alert.active)).toBe(true);
    expect(answer.body.find((alert) => alert.Id === "alert-water-main")).toMatchObject({
      titleEnglish: "Water main work on Chicago Street",
      titleSpanish: expect.stringContaining("Chicago Street"),
      textEnglish: expect.stringContaining("<strong>"),
    });
  });
});
