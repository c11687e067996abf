import { afterAll, describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { utilityFolderName } from "../../emulators/src/seed/boxes.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { ActivityDetail, BoxFolderResponse } from "../../functions/src/contract/activity-detail.ts";
import type { OrganizationMember } from "../../functions/src/contract/organization-members.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { restoreSeededCases } from "../kit/cases.ts";
import { stackCrm } from "../kit/identity.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

const named = city().seededActivities;
const token = async (key: Parameters<typeof principal>[0]) => (await principal(key)).idToken as string;
const residentUtilityFolder = utilityFolderName(city().seededResidentUtilityAccount);

/** The named records this file changes go back to their seeded state, so later files see the seed. */
afterAll(restoreSeededCases);

describe("activity detail and file boxes: access", () => {
  it("another resident's case, box folder and utility folder are 404", async () => {
    const other = await token("resident2");
    const detail = await callApi("GET", `/api/salesforce/activity/Case/${named.residentActionRequiredCase}`, {
      token: other,
    });
    expect(detail.status).toBe(404);
    expect(detail.body).toMatchObject({ error: { code: "not_found" } });
    const cancel = await callApi(
      "DELETE",
      `/api/salesforce/activity/Zoning_Inquiry__c/${named.residentCancelableZoningInquiry}`,
      { token: other },
    );
    expect(cancel.status).toBe(404);
    const more = await callApi(
      "POST",
      `/api/salesforce/activity/Case/${named.residentActionRequiredCase}/additionalInformation`,
      { token: other, body: { additionalInformationText: "Not mine" } },
    );
    expect(more.status).toBe(404);
    expect((await callApi("GET", `/api/box/${named.residentActionRequiredCase}`, { token: other })).status).toBe(404);
    expect((await callApi("GET", `/api/box/util/${residentUtilityFolder}`, { token: other })).status).toBe(404);
    // A record of the wrong object with a real id is no different from a missing one.
    const wrongObject = await callApi("GET", `/api/salesforce/activity/Case/${named.residentPaymentDuePermit}`, {
      token: await token("resident"),
    });
    expect(wrongObject.status).toBe(404);
  });

  it("an organization's case is open to its approved members, not to outsiders", async () => {
    const path = `/api/salesforce/activity/Permit_Applications__c/${named.approverOrganizationPermit}`;
    const member = await callApi<ActivityDetail>("GET", path, { token: await token("orgMember") });
    expect(member.status).toBe(200);
    expect(member.body.status).toBe("Ready for Issuance");
    expect(
      (await callApi("GET", `/api/box/${named.approverOrganizationPermit}`, { token: await token("orgMember") }))
        .status,
    ).toBe(200);
    expect((await callApi("GET", path, { token: await token("resident") })).status).toBe(404);
  });

  it("the resident's own utility folder comes with a read-only token the file box enforces", async () => {
    const answer = await callApi<BoxFolderResponse>("GET", `/api/box/util/${residentUtilityFolder}`, {
      token: await token("resident"),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.readOnly).toBe(true);
    const { folderId, accessToken, apiUrl, uploadUrl } = answer.body;
    const auth = { authorization: `Bearer ${accessToken}` };
    const items = await fetch(`${apiUrl}/folders/${folderId}/items`, { headers: auth });
    expect(items.status).toBe(200);
    const entries = ((await items.json()) as { entries: { id: string; name: string }[] }).entries;
    expect(entries.length).toBeGreaterThan(0);
    const file = entries[0] as { id: string };
    expect((await fetch(`${apiUrl}/files/${file.id}/content`, { headers: auth })).status).toBe(200);
    // Delete, rename, share, create and upload are refused by the token itself.
    expect((await fetch(`${apiUrl}/files/${file.id}`, { method: "DELETE", headers: auth })).status).toBe(403);
    const json = { ...auth, "content-type": "application/json" };
    expect(
      (await fetch(`${apiUrl}/files/${file.id}`, { method: "PUT", headers: json, body: '{"name":"x.pdf"}' })).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${apiUrl}/files/${file.id}`, {
          method: "PUT",
          headers: json,
          body: '{"shared_link":{"access":"open"}}',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${apiUrl}/folders`, {
          method: "POST",
          headers: json,
          body: JSON.stringify({ name: "New", parent: { id: folderId } }),
        })
      ).status,
    ).toBe(403);
    const form = new FormData();
    form.append("attributes", JSON.stringify({ name: "bill.txt", parent: { id: folderId } }));
    form.append("file", new Blob(["x"], { type: "text/plain" }), "bill.txt");
    expect((await fetch(`${uploadUrl}/files/content`, { method: "POST", headers: auth, body: form })).status).toBe(403);
  });
});

describe("activity detail, cancel and additional information", () => {
  it("answers the detail: status path, public form details only, related permits, expected date and notes", async () => {
    const resident = await token("resident");
    const answer = await callApi<ActivityDetail>(
      "GET",
      `/api/salesforce/activity/Case/${named.residentActionRequiredCase}`,
      {
        token: resident,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      activityType: "Case",
      status: "Open",
      statusInformation: { color: "blue", label: "Open" },
      actionRequired: true,
      actionRequiredMessage: "Please send a photo of the damaged sidewalk panel so the crew can size the repair.",
      expectedDate: "2026-11-20",
      statusNotes: "A crew will size the repair once the photo arrives.",
    });
    // Issue 28: a refusal (Rejected) and a hold (On Hold) are never drawn as steps still to come.
    expect(answer.body.statuses.map((step) => step.status)).toEqual([
      "New",
      "Open",
      "Submitted",
      "Under Review",
      "Scheduled",
      "Issued",
      "Complete",
    ]);
    expect(answer.body.statuses.find((step) => step.state === "current")?.status).toBe("Open");
    // Only the configured public fields: Subject, Description, Type; never Origin or the contact.
    expect(answer.body.formDetails.details.map((detail) => detail.label).sort()).toEqual(
      ["Description", "Subject", "Type"].sort(),
    );
    const related = await callApi<ActivityDetail>(
      "GET",
      `/api/salesforce/activity/Permit_Applications__c/${named.residentRelatedPermitApplication}`,
      { token: resident },
    );
    expect(related.body.relatedPermits.map((permit) => permit.id)).toEqual([named.residentPaymentDuePermit]);
  });

  it("cancels a cancelable activity once; a case that is not cancelable is 409", async () => {
    const resident = await token("resident");
    const path = `/api/salesforce/activity/Zoning_Inquiry__c/${named.residentCancelableZoningInquiry}`;
    const cancelled = await callApi("DELETE", path, { token: resident });
    expect(cancelled.status).toBe(200);
    const after = await callApi<ActivityDetail>("GET", path, { token: resident });
    expect(after.body).toMatchObject({ status: "Cancelled", isCancelable: false });
    expect(after.body.statuses.at(-1)).toMatchObject({ status: "Cancelled", state: "current", terminated: true });
    expect((await callApi("DELETE", path, { token: resident })).status).toBe(409);
  });

  it("keeps additional information sent while the CRM is down, and delivers it once the CRM is back", async () => {
    const resident = await token("resident");
    const path = `/api/salesforce/activity/Case/${named.residentActionRequiredCase}`;
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    const outbox = testAdmin().db.collection("outbox");
    // The resident has the case on screen, then the CRM goes down before they send.
    expect((await callApi<ActivityDetail>("GET", path, { token: resident })).body.actionRequired).toBe(true);
    // Remembered in Firestore, not in one function instance's memory: any instance takes the answer.
    const answerable = testAdmin()
      .db.collection("answerableRecords")
      .doc(`${seededUser("resident").uid}_Case_${named.residentActionRequiredCase}`);
    expect((await answerable.get()).exists).toBe(true);
    await crm.setFaults({ down: true });
    let received: { status: number; body: unknown };
    let stranger: { status: number };
    try {
      received = await callApi("POST", `${path}/additionalInformation`, {
        token: resident,
        body: { additionalInformationText: "Photo of the panel attached.", boxActivityLog: ["panel.jpg"] },
      });
      // Someone who never opened it is not taken on trust while the CRM cannot say whose it is.
      stranger = await callApi("POST", `${path}/additionalInformation`, {
        token: await token("resident2"),
        body: { additionalInformationText: "Not my case." },
      });
    } finally {
      await crm.setFaults({ down: false });
    }
    expect(received.status).toBe(200);
    expect(received.body).toEqual({ status: "received" });
    expect(stranger.status).toBe(503);
    const pending = await outbox
      .where("kind", "==", "additionalInformation")
      .where("recordId", "==", named.residentActionRequiredCase)
      .where("status", "==", "pending")
      .get();
    expect(pending.size).toBe(1);
    expect(pending.docs[0]?.data()).toMatchObject({
      attempts: 1,
      text: "Photo of the panel attached.",
      documents: ["panel.jpg"],
      uid: seededUser("resident").uid,
    });

    // The case no longer asks (the portal holds the answer) and, opened again, the answer is delivered.
    const detail = await callApi<ActivityDetail>("GET", path, { token: resident });
    expect(detail.body.actionRequired).toBe(false);
    const stored = await stackCrm().retrieve<{
      Id: string;
      Action_Required__c: boolean;
      Additional_Information__c: string;
    }>("Case", named.residentActionRequiredCase);
    expect(stored.Action_Required__c).toBe(false);
    expect(stored.Additional_Information__c).toContain("Photo of the panel attached.");
    expect(stored.Additional_Information__c).toContain("Documents in the file box: panel.jpg");
    expect((await pending.docs[0]?.ref.get())?.data()?.status).toBe("sent");
    // Answered: a second answer is refused until staff ask again.
    const again = await callApi("POST", `${path}/additionalInformation`, {
      token: resident,
      body: { additionalInformationText: "More" },
    });
    expect(again.status).toBe(409);
  });
});

describe("organization members", () => {
  const pendingUid = seededUser("resident2").uid;
  const membership = () => testAdmin().db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${pendingUid}`);
  afterAll(() => membership().delete());

  it("an approver approves and removes members but never themselves; a member may not (403)", async () => {
    await membership().set({
      organizationId: SEEDED_ORGANIZATION_ID,
      UserId: pendingUid,
      FirstName: "James",
      LastName: "O'Connor",
      Role: "member",
      Verified: false,
    });
    const approver = await token("approver");
    const member = await token("orgMember");
    const list = await callApi<OrganizationMember[]>(
      "GET",
      `/api/organizations/members?organizationId=${SEEDED_ORGANIZATION_ID}`,
      { token: member },
    );
    expect(list.status).toBe(200);
    expect(list.body.find((entry) => entry.UserId === pendingUid)).toMatchObject({ Verified: false });
    const body = { userId: pendingUid, organizationId: SEEDED_ORGANIZATION_ID };
    expect((await callApi("PUT", "/api/organizations/members/verify", { token: member, body })).status).toBe(403);
    expect((await callApi("PUT", "/api/organizations/members/verify", { token: approver, body })).status).toBe(200);
    expect((await membership().get()).data()?.Verified).toBe(true);
    const self = { userId: seededUser("approver").uid, organizationId: SEEDED_ORGANIZATION_ID };
    expect((await callApi("DELETE", "/api/organizations/members", { token: approver, body: self })).status).toBe(403);
    expect((await callApi("DELETE", "/api/organizations/members", { token: member, body })).status).toBe(403);
    expect((await callApi("DELETE", "/api/organizations/members", { token: approver, body })).status).toBe(200);
    expect((await membership().get()).exists).toBe(false);
    expect((await callApi("DELETE", "/api/organizations/members", { token: approver, body })).status).toBe(404);
  });

  it("an approver's invitation by email joins nobody until the person accepts", async () => {
    const approver = await token("approver");
    const invited = await callApi("POST", "/api/organizations/members/invite", {
      token: approver,
      body: { organizationId: SEEDED_ORGANIZATION_ID, email: seededUser("resident2").email },
    });
    expect(invited.status).toBe(200);
    expect(invited.body).toEqual({ status: "invited", email: seededUser("resident2").email.toLowerCase() });
    expect((await membership().get()).exists).toBe(false);
    // Accepting and declining: tests/api/organization-invitations.test.ts.
  });
});
