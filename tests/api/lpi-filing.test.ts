import { afterEach, describe, expect, it } from "vitest";
import type { FunctionHost } from "../../emulators/src/launcher/function-hosts.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { soql } from "../../functions/src/connectors/crm/soql";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { startOwnFunctionHost } from "../kit/function-host.ts";
import { stackCrm } from "../kit/identity.ts";
import { newLpiParent } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";

/**
 * Issue 32: a letter's record link opened twice files one LPI application, also when the two
 * requests reach two instances of the payment function (Cloud Run runs several): the filing is
 * claimed in Firestore with create() before the CRM is written, not in one instance's memory.
 */

type Filed = { Id: string; caseNumber: string; existing: boolean };

let hosts: FunctionHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((host) => host.kill()));
  hosts = [];
});

describe("POST /api/payment/createLPIUserActivities across instances", () => {
  it("requests at once on two instances file one application, and all answer it", async () => {
    const other = await startOwnFunctionHost("payment");
    hosts.push(other);
    const resident = await principal("resident");
    const parent = await newLpiParent(25);
    const body = { sfParentId: parent, activityId: "LATE_PAYMENT_INTEREST", userId: seededUser("resident").uid };
    const viaStack = () =>
      callApi<Filed>("POST", "/api/payment/createLPIUserActivities", { token: resident.idToken, body });
    const viaOther = async () => {
      const response = await fetch(`${other.url}/api/payment/createLPIUserActivities`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${resident.idToken}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Filed };
    };

    const answers = await Promise.all([viaStack(), viaOther(), viaStack(), viaOther()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => answer.body.Id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => !answer.body.existing)).toHaveLength(1);
    expect(
      await stackCrm().count(soql`SELECT COUNT() FROM LPI_Application__c WHERE Related_Activity__c = ${parent}`),
    ).toBe(1);

    // Opened again later, on either instance: the same application.
    for (const again of [await viaStack(), await viaOther()]) {
      expect(again.body).toMatchObject({ Id: [...ids][0], existing: true });
    }
  }, 120_000);

  it("an application the city rejected may be filed again once, not twice", async () => {
    const resident = await principal("resident");
    const parent = await newLpiParent(25);
    const body = { sfParentId: parent, activityId: "LATE_PAYMENT_INTEREST", userId: seededUser("resident").uid };
    const file = () =>
      callApi<Filed>("POST", "/api/payment/createLPIUserActivities", { token: resident.idToken, body });
    const first = await file();
    expect(first.status).toBe(200);
    await stackCrm().update("LPI_Application__c", first.body.Id, { Status__c: "Rejected" });

    const [second, twin] = await Promise.all([file(), file()]);
    expect([second.status, twin.status]).toEqual([200, 200]);
    expect(second.body.Id).not.toBe(first.body.Id);
    expect(twin.body.Id).toBe(second.body.Id);
    expect(
      await stackCrm().count(soql`SELECT COUNT() FROM LPI_Application__c WHERE Related_Activity__c = ${parent}`),
    ).toBe(2);
    // The claim names the application filed last.
    const claims = await testAdmin().db.collection("lpiFilings").where("parentId", "==", parent).get();
    expect(claims.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ state: "filed", applicationId: second.body.Id }),
    ]);
  }, 120_000);
});
