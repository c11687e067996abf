import { describe, expect, it } from "vitest";
import { userSearchFields } from "../../contract/admin-users";
import { useFirestoreEmulator } from "../../data/__tests__/firestore-emulator";
import { appendAuditRecord, findAuditRecords } from "../../data/audit-records";
import { userRef } from "../../data/users";
import { findPeople } from "./people.service";

useFirestoreEmulator("demo-console-people");

async function person(
  uid: string,
  fields: { FirstName: string; LastName: string; Email: string; PhoneNumber: string },
) {
  await userRef(uid).set({ Id: uid, ...fields, ...userSearchFields(fields) } as never);
}

describe("findPeople (issue 31)", () => {
  it("finds by phone as typed, digits only or with the country code; by email in any case; by name words", async () => {
    await person("u-ana", {
      FirstName: "Ana",
      LastName: "Reyes",
      Email: "ana.reyes@example.com",
      PhoneNumber: "(847) 555-0199",
    });
    await person("u-bo", {
      FirstName: "Bo",
      LastName: "Reyes",
      Email: "bo@example.com",
      PhoneNumber: "(847) 555-0198",
    });
    const uids = async (by: "phone" | "email" | "name", q: string) => (await findPeople({ by, q })).map((p) => p.uid);
    expect(await uids("phone", "(847) 555-0199")).toEqual(["u-ana"]);
    expect(await uids("phone", "8475550199")).toEqual(["u-ana"]);
    expect(await uids("phone", "+1 847 555 0199")).toEqual(["u-ana"]);
    expect(await uids("email", "ANA.Reyes@example.com")).toEqual(["u-ana"]);
    expect(await uids("name", "reyes")).toEqual(["u-ana", "u-bo"]);
    expect(await uids("name", "ana reyes")).toEqual(["u-ana"]);
    expect(await uids("phone", "(312) 555-0199")).toEqual([]);
  });
});

describe("the audit trail's data layer", () => {
  it("appends records and filters them by person, actor and action, newest first", async () => {
    const base = { actorEmail: null, route: "GET /x", subject: null, before: null, after: { a: 1 }, requestId: "r" };
    await appendAuditRecord({
      ...base,
      actorUid: "s1",
      actorRole: "staff",
      action: "console.person.view",
      personUid: "p1",
    });
    await appendAuditRecord({ ...base, actorUid: "a1", actorRole: "admin", action: "user.update", personUid: "p1" });
    await appendAuditRecord({
      ...base,
      actorUid: "s1",
      actorRole: "staff",
      action: "console.person.view",
      personUid: "p2",
    });
    const ofP1 = await findAuditRecords({ personUid: "p1" }, 10);
    expect(ofP1.rows.map((row) => row.action)).toEqual(["user.update", "console.person.view"]);
    expect(ofP1.rows[0]?.after).toBe('{"a":1}');
    const byS1 = await findAuditRecords({ actorUid: "s1", action: "console.person.view" }, 10);
    expect(byS1.rows.map((row) => row.personUid)).toEqual(["p2", "p1"]);
    const limited = await findAuditRecords({}, 2);
    expect(limited).toMatchObject({ truncated: true });
    expect(limited.rows).toHaveLength(2);
    const none = await findAuditRecords({ from: new Date("2020-01-01"), until: new Date("2020-01-02") }, 10);
    expect(none.rows).toEqual([]);
  });
});
