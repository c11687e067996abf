import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crmSandbox } from "../../emulators/src/sandboxes/crm/index.ts";
import { type RunningSandbox, startSandbox } from "../../emulators/src/sandboxes/kit.ts";
import { type RecordedSms, smsSandbox } from "../../emulators/src/sandboxes/sms/index.ts";
import { crmConnector } from "../../functions/src/connectors/crm/connection";
import { useFirestoreEmulator } from "../../functions/src/data/__tests__/firestore-emulator";
import { usersCollection } from "../../functions/src/data/users";
import { sendCaseUpdates } from "../../functions/src/domains/case-updates/case-updates.service";

useFirestoreEmulator("demo-case-updates");

/**
 * The case-updates job's service against the CRM and SMS sandboxes (issue 29: case updates by the
 * person's chosen channel): a resident who chose texts for case updates gets each status change of
 * her case by text, once, in her language; one who chose nothing but in-app gets no text.
 */
let crm: RunningSandbox;
let sms: RunningSandbox;
beforeAll(async () => {
  crm = await startSandbox(crmSandbox, 0);
  sms = await startSandbox(smsSandbox, 0);
  Object.assign(process.env, crm.env, sms.env, { PORTAL_URL: "http://127.0.0.1:9", SMS_TIMEOUT_MS: "2000" });
});
afterAll(async () => {
  await crm.close();
  await sms.close();
});

async function texts(to: string): Promise<RecordedSms[]> {
  const answer = await fetch(`${sms.url}/__control/messages?to=${encodeURIComponent(to)}`);
  return ((await answer.json()) as { messages: RecordedSms[] }).messages;
}

const channels = (text: boolean) => ({
  bills: { inApp: true, email: false, text: false },
  cases: { inApp: true, email: false, text },
  alerts: { inApp: true, email: false, text: false },
});

describe("case updates by text", () => {
  it("texts a status change to the resident who chose texts for case updates, once, in Spanish; nothing to one who did not", async () => {
    const connector = crmConnector();
    const texter = await connector.create("Contact", {
      FirstName: "Rosa",
      LastName: "Texts",
      Email: "rosa@example.com",
    });
    const quiet = await connector.create("Contact", { FirstName: "Ana", LastName: "Quiet", Email: "ana@example.com" });
    await usersCollection()
      .doc("texter")
      .set({
        SalesforceId: texter,
        Language: "es",
        textPhone: "+18475550171",
        messagePrefs: channels(true),
      } as never);
    await usersCollection()
      .doc("quiet")
      .set({
        SalesforceId: quiet,
        Language: "en",
        textPhone: "+18475550172",
        messagePrefs: channels(false),
      } as never);
    const hers = await connector.create("Case", { ContactId: texter, Subject: "Bache", Status: "New" });
    const other = await connector.create("Case", { ContactId: quiet, Subject: "Pothole", Status: "New" });
    const { CaseNumber } = await connector.retrieve<{ Id: string; CaseNumber: string }>("Case", hers);
    await usersCollection()
      .firestore.collection("jobs")
      .doc("case-updates")
      .set({
        version: 1,
        after: new Date(Date.now() - 1000).toISOString(),
        updatedAt: Timestamp.now(),
      });

    await connector.update("Case", hers, { Status: "Scheduled" });
    await connector.update("Case", other, { Status: "Scheduled" });
    expect((await sendCaseUpdates()).changes).toBe(2);
    await sendCaseUpdates();
    const received = await texts("+18475550171");
    expect(received.map((text) => text.body)).toEqual([
      expect.stringMatching(new RegExp(`^Ciudad de Elgin: El estado del caso ${CaseNumber} cambió a "Programado"\\.`)),
    ]);
    expect(await texts("+18475550172")).toEqual([]);
  });
});
