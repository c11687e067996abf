import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type UserSearchPage, userSearchFields } from "../../functions/src/contract/admin-users.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { principal } from "../kit/principals.ts";

const prefix = `qzback${Date.now().toString(36)}`;
/** Users as the portal wrote them before the administration search existed: no search fields at all. */
const OLD = Array.from({ length: 5 }, (_, index) => ({
  id: `${prefix}-old-${index}`,
  Email: `${prefix}.old${index}@example.com`,
  FirstName: "Before",
  LastName: `${prefix}Old${index}`,
  PhoneNumber: index % 2 ? "8475550100" : null,
  SalesforceId: null,
}));
/** A user whose name changed behind the search's back: its keys are those of another name. */
const STALE = {
  id: `${prefix}-stale`,
  Email: `${prefix}.stale@example.com`,
  FirstName: "Renamed",
  LastName: `${prefix}Stale`,
  PhoneNumber: null,
  SalesforceId: null,
};
const STALE_OLD_NAME = `${prefix}formername`;
const MARKER = "user-search-backfill";

let service: typeof import("../../functions/src/domains/users-admin/user-search-backfill.service.ts");

async function search(searchTerm: string): Promise<UserSearchPage> {
  const token = (await principal("admin")).idToken as string;
  const answer = await callApi<UserSearchPage>(
    "GET",
    `/api/elastic-users?${new URLSearchParams({ searchTerm, pageSize: "25" })}`,
    { token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  pointJobsAtStack();
  service = await import("../../functions/src/domains/users-admin/user-search-backfill.service.ts");
  const { db } = testAdmin();
  const batch = db.batch();
  for (const { id, ...fields } of OLD) batch.set(db.collection("users").doc(id), { ...fields, Admin: false });
  const { id, ...fields } = STALE;
  const stale = userSearchFields({ ...fields, LastName: STALE_OLD_NAME });
  batch.set(db.collection("users").doc(id), { ...fields, Id: id, Admin: false, ...stale });
  batch.delete(db.collection("jobs").doc(MARKER));
  await batch.commit();
});

afterAll(async () => {
  const { db } = testAdmin();
  const batch = db.batch();
  for (const { id } of [...OLD, STALE]) batch.delete(db.collection("users").doc(id));
  batch.delete(db.collection("jobs").doc(MARKER));
  await batch.commit();
});

describe("the users search backfill job", () => {
  it("before it runs, the search misses the old users and finds the stale one by its former name", async () => {
    expect((await search(`${prefix}.old`)).total).toBe(0);
    expect((await search(STALE_OLD_NAME)).data.map((row) => row.Id)).toEqual([STALE.id]);
  });

  it("writes the missing and stale fields page by page, resuming where a run stopped", async () => {
    const { db } = testAdmin();
    const first = await service.backfillUserSearchFields({ pageSize: 4, maxPages: 1 });
    expect(first).toMatchObject({ alreadyDone: false, finished: false, scanned: 4 });
    const marker = (await db.collection("jobs").doc(MARKER).get()).data();
    expect(marker?.after).toEqual(expect.any(String));
    expect(marker?.finishedAt).toBeNull();

    const rest = await service.backfillUserSearchFields({ pageSize: 4 });
    expect(rest.finished).toBe(true);
    expect(rest.written + first.written).toBeGreaterThanOrEqual(OLD.length + 1);
    const total = (await db.collection("users").count().get()).data().count;
    expect(first.scanned + rest.scanned).toBe(total);

    for (const { id, ...fields } of [...OLD, STALE]) {
      const stored = (await db.collection("users").doc(id).get()).data();
      expect(stored, id).toMatchObject({ ...userSearchFields(fields), Id: id, Email: fields.Email });
    }
    const found = await search(`${prefix}.old`);
    expect(found.total).toBe(OLD.length);
    expect(found.data.map((row) => row.Id).sort()).toEqual(OLD.map((user) => user.id).sort());
    expect((await search(`${prefix}old3`)).data.map((row) => row.Id)).toEqual([OLD[3]?.id]);
    expect((await search("renamed")).data.map((row) => row.Id)).toContain(STALE.id);
    expect((await search(STALE_OLD_NAME)).total).toBe(0);
  });

  it("is idempotent: a finished run is not redone, and a forced one writes nothing", async () => {
    expect(await service.backfillUserSearchFields()).toEqual({
      alreadyDone: true,
      finished: true,
      scanned: 0,
      written: 0,
    });
    const { db } = testAdmin();
    await db.collection("jobs").doc(MARKER).delete();
    const again = await service.backfillUserSearchFields({ pageSize: 50 });
    expect(again.finished).toBe(true);
    expect(again.scanned).toBeGreaterThan(OLD.length);
    expect(again.written).toBe(0);
  });
});
