import { describe, expect, it } from "vitest";
import type { MeTooResult, PublicReportCase } from "../../functions/src/contract/reports.ts";
import { callApi } from "../kit/api.ts";
import { caseResident, openCase, removeCaseUpdates, useCaseUpdates } from "../kit/case-updates.ts";
import { stackCrm } from "../kit/identity.ts";

/**
 * Issue 33, "a resident can follow any open case": a report's public page (GET /api/reports/:caseId)
 * shows anyone the case's public facts (a signed-out visitor too), and a resident whether she follows it; she follows it
 * (POST .../me-too) and stops following it (DELETE .../me-too). Only problem reports are shown or
 * followed, never who filed them; a closed case is left, never joined. Its messages to followers are
 * api/case-updates' test.
 */

const file = useCaseUpdates();

describe("following a report case from its public page", () => {
  it("another resident sees the open case's public facts only, follows it, sees she follows it, and stops following it; the filer sees it is hers", async () => {
    const owner = await caseResident("follow-owner", "en", { inApp: true, email: false, text: false });
    const other = await caseResident("follow-other", "es", { inApp: true, email: false, text: false });
    const made = await openCase(owner.contactId, "Streetlight Repair: 64 Grove Ave", "Streetlight Repair");
    file.cleanups.push(async () => {
      await removeCaseUpdates([owner.uid, other.uid], [made.id]);
      await owner.remove([{ object: "Case", id: made.id }]);
      await other.remove([]);
    });
    const crm = stackCrm();
    // The filer signed the description; the public page never shows it.
    await crm.update("Case", made.id, {
      Report_Address__c: "64 Grove Ave",
      Description: "The light is out. Call me, Test follow-owner.",
    });
    const path = `/api/reports/${made.id}`;

    const seen = await callApi<PublicReportCase>("GET", path, { token: other.idToken });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    // Exactly these fields: no contact, reporter or description.
    expect(seen.body).toEqual({
      caseId: made.id,
      caseNumber: made.caseNumber,
      type: "streetlight",
      status: "New",
      closed: false,
      address: "64 Grove Ave",
      photos: [],
      reporters: 1,
      following: false,
      mine: false,
    });
    // Signed out: the same public facts; following and "mine" are a signed-in caller's.
    const signedOut = await callApi<PublicReportCase>("GET", path);
    expect(signedOut.status, JSON.stringify(signedOut.body)).toBe(200);
    expect(signedOut.body).toEqual(seen.body);
    const mine = await callApi<PublicReportCase>("GET", path, { token: owner.idToken });
    expect(mine.body).toMatchObject({ caseId: made.id, mine: true, following: false });

    const followed = await callApi<MeTooResult>("POST", `${path}/me-too`, { token: other.idToken });
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    expect(followed.body).toEqual({ caseId: made.id, caseNumber: made.caseNumber, reporters: 2 });
    const again = await callApi<MeTooResult>("POST", `${path}/me-too`, { token: other.idToken });
    expect(again.body.reporters).toBe(2);
    expect((await callApi<PublicReportCase>("GET", path, { token: other.idToken })).body).toMatchObject({
      following: true,
      reporters: 2,
    });
    // Following is the caller's own: the filer's view counts her but does not make the filer a follower.
    expect((await callApi<PublicReportCase>("GET", path, { token: owner.idToken })).body).toMatchObject({
      following: false,
      reporters: 2,
    });

    const left = await callApi("DELETE", `${path}/me-too`, { token: other.idToken });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toEqual({ caseId: made.id, following: false, reporters: 1 });
    const leftAgain = await callApi("DELETE", `${path}/me-too`, { token: other.idToken });
    expect(leftAgain.status).toBe(200);
    expect((await callApi<PublicReportCase>("GET", path, { token: other.idToken })).body).toMatchObject({
      following: false,
      reporters: 1,
    });

    // Closed: shown as closed; it cannot be joined (409), and a follower can still leave it.
    expect((await callApi("POST", `${path}/me-too`, { token: other.idToken })).status).toBe(200);
    await crm.update("Case", made.id, { Status: "Closed" });
    const closed = await callApi<PublicReportCase>("GET", path, { token: other.idToken });
    expect(closed.body).toMatchObject({ status: "Closed", closed: true, following: true });
    expect((await callApi("DELETE", `${path}/me-too`, { token: other.idToken })).status).toBe(200);
    const late = await callApi("POST", `${path}/me-too`, { token: other.idToken });
    expect(late.status).toBe(409);
    expect((await callApi<PublicReportCase>("GET", path, { token: other.idToken })).body).toMatchObject({
      following: false,
      reporters: 1,
    });
  });

  it("a case that is not a problem report, or no case at all, is not found; a malformed id is a 400; a signed-out caller sees no more and cannot follow", async () => {
    const owner = await caseResident("follow-not-report", "en", { inApp: true, email: false, text: false });
    const other = await caseResident("follow-not-report-other", "en", { inApp: true, email: false, text: false });
    const crm = stackCrm();
    // A case the portal did not file as a report (no report type): nobody else's business.
    const permitCase = await crm.create("Case", {
      ContactId: owner.contactId,
      Subject: "Fence permit question",
      Status: "New",
      Origin: "Portal",
    });
    file.cleanups.push(async () => {
      await removeCaseUpdates([owner.uid, other.uid], [permitCase]);
      await owner.remove([{ object: "Case", id: permitCase }]);
      await other.remove([]);
    });
    // And an id of the right shape that no case has (the seeded cases are 500000000000<n>AAA).
    for (const caseId of [permitCase, "500NOSUCHCASE0000Z"]) {
      const shown = await callApi("GET", `/api/reports/${caseId}`, { token: other.idToken });
      expect(shown.status, caseId).toBe(404);
      expect(JSON.stringify(shown.body)).not.toContain("Fence");
      expect((await callApi("POST", `/api/reports/${caseId}/me-too`, { token: other.idToken })).status).toBe(404);
    }
    expect((await callApi("GET", "/api/reports/not-a-case!", { token: other.idToken })).status).toBe(400);
    // Signed out: a case that is not a report is as unknown as to anyone; following needs a sign-in.
    expect((await callApi("GET", `/api/reports/${permitCase}`)).status).toBe(404);
    expect((await callApi("POST", `/api/reports/${permitCase}/me-too`)).status).toBe(401);
    expect((await callApi("DELETE", `/api/reports/${permitCase}/me-too`)).status).toBe(401);
  });
});
