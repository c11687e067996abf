import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import {
  type AdminPaymentSettings,
  type UserSearchPage,
  userSearchFields,
} from "../../functions/src/contract/admin-users.ts";
import { deleteCreatedUsers, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { freshVerifiedUser } from "../kit/identity.ts";
import { principal } from "../kit/principals.ts";

const PASSWORD = "Admin-Users-2026!";
/** Users written only as users/{uid} records, for paging (no identity account needed to be found). */
const PAGED = 30;
const prefix = `qzpage${Date.now().toString(36)}`;
const pagedIds = Array.from({ length: PAGED }, (_, index) => `${prefix}-${String(index).padStart(2, "0")}`);
const created: string[] = [];

async function adminToken(): Promise<string> {
  return (await principal("admin")).idToken as string;
}

async function search(query: Record<string, string>) {
  const answer = await callApi<UserSearchPage>("GET", `/api/elastic-users?${new URLSearchParams(query)}`, {
    token: await adminToken(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

beforeAll(async () => {
  const { db } = testAdmin();
  const batch = db.batch();
  for (const [index, id] of pagedIds.entries()) {
    // Last names in reverse of the ids, so sorting by last name is not the id order.
    const fields = {
      Id: id,
      Email: `${prefix}.${index}@example.com`,
      FirstName: "Page",
      LastName: `${prefix}${String(PAGED - index).padStart(2, "0")}`,
      PhoneNumber: null,
      SalesforceId: null,
    };
    batch.set(db.collection("users").doc(id), { ...fields, ...userSearchFields(fields) });
  }
  await batch.commit();
}, 60_000);

afterAll(async () => {
  const { db } = testAdmin();
  await Promise.all(pagedIds.map((id) => db.collection("users").doc(id).delete()));
  await deleteCreatedUsers(created);
});

describe("GET /api/elastic-users: the users administration search", () => {
  it("finds a prefix of the email, the first name or the last name, in any case", async () => {
    const maria = seededUser("resident");
    for (const term of ["MARIA.LO", "mar", "Lope"]) {
      const page = await search({ searchTerm: term });
      expect(
        page.data.map((row) => row.Id),
        term,
      ).toContain(maria.uid);
      for (const row of page.data) {
        const words = [row.Email, row.FirstName, row.LastName].map((value) => (value ?? "").toLowerCase());
        expect(
          words.some((word) => word.startsWith(term.toLowerCase())),
          `${term}: ${row.Email}`,
        ).toBe(true);
      }
    }
    expect((await search({ searchTerm: "aria" })).data.map((row) => row.Id)).not.toContain(maria.uid);
  });

  it("pages 30 matches by cursor, 25 then 5, sorted by last name, with no row twice", async () => {
    const first = await search({ searchTerm: prefix, pageSize: "25" });
    expect(first.total).toBe(PAGED);
    expect(first.totalPages).toBe(2);
    expect(first.data).toHaveLength(25);
    expect(first.nextCursor).toBeTruthy();
    const second = await search({
      searchTerm: prefix,
      pageSize: "25",
      pageNumber: "1",
      cursor: first.nextCursor as string,
    });
    expect(second.pageNumber).toBe(1);
    expect(second.data).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const lastNames = [...first.data, ...second.data].map((row) => row.LastName as string);
    expect(lastNames).toEqual([...lastNames].sort());
    expect(new Set([...first.data, ...second.data].map((row) => row.Id)).size).toBe(PAGED);
  });

  it("sorts by any column in both directions", async () => {
    const descending = await search({
      searchTerm: prefix,
      pageSize: "50",
      sortByField: "Email",
      sortDirection: "desc",
    });
    const emails = descending.data.map((row) => row.Email as string);
    expect(emails).toHaveLength(PAGED);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it("refuses page sizes other than 25/50/75/100, unknown columns and forged cursors", async () => {
    const token = await adminToken();
    for (const query of ["pageSize=10", "sortByField=Password", "cursor=bm90LWpzb24", `searchTerm=${"a".repeat(61)}`]) {
      const answer = await callApi("GET", `/api/elastic-users?${query}`, { token });
      expect(answer.status, query).toBe(400);
    }
  });

  it("finds a user who signs up and renames, by the new name only", async () => {
    const user = await freshVerifiedUser("searchable", { password: PASSWORD, created });
    const token = await adminToken();
    const rename = await callApi("PUT", `/api/users/profile/${user.uid}`, {
      token,
      body: { FirstName: "Quentin", LastName: `Zephyrine${prefix}` },
    });
    expect(rename.status).toBe(200);
    const found = await search({ searchTerm: `zephyrine${prefix}` });
    expect(found.data.map((row) => row.Id)).toEqual([user.uid]);
    await callApi("PUT", `/api/users/profile/${user.uid}`, { token, body: { LastName: `Yarrow${prefix}` } });
    expect((await search({ searchTerm: `zephyrine${prefix}` })).total).toBe(0);
    expect((await search({ searchTerm: `yarrow${prefix}` })).data.map((row) => row.Id)).toEqual([user.uid]);
  });
});

describe("the admin user edit and view routes", () => {
  it("records who switched Admin and when; only an admin sets SalesforceId", async () => {
    const user = await freshVerifiedUser("promoted", { password: PASSWORD, created });
    const token = await adminToken();
    const answer = await callApi<{ Admin: boolean; AdminChangedBy: string; AdminChangedAt: string }>(
      "PUT",
      `/api/users/profile/${user.uid}`,
      { token, body: { Admin: true, SalesforceId: "003000000000123AAA" } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.Admin).toBe(true);
    expect(answer.body.AdminChangedBy).toBe(seededUser("admin").email);
    expect(Date.now() - Date.parse(answer.body.AdminChangedAt)).toBeLessThan(60_000);
    const stored = await testAdmin().db.collection("users").doc(user.uid).get();
    expect(stored.get("SalesforceId")).toBe("003000000000123AAA");

    const resident = (await principal("resident")).idToken as string;
    const own = await callApi("PUT", `/api/users/profile/${seededUser("resident").uid}`, {
      token: resident,
      body: { SalesforceId: "003000000000999AAA" },
    });
    expect(own.status).toBe(403);
    const invalid = await callApi("PUT", `/api/users/profile/${user.uid}`, { token, body: { SalesforceId: "x" } });
    expect(invalid.status).toBe(400);
  });

  it("answers the resident's activity history with their sessions and started services", async () => {
    const token = await adminToken();
    const answer = await callApi<{ Event: string; ipAddress: string | null; Action: string | null }[]>(
      "GET",
      `/api/users/activity-history/${seededUser("resident").uid}`,
      { token },
    );
    expect(answer.status).toBe(200);
    const events = answer.body.map((event) => event.Event);
    expect(events).toEqual(expect.arrayContaining(["UserLogin", "UserSession", "CreateActivity"]));
    // The seeded report; other tests' reports and forms as this resident add theirs (newest first).
    expect(answer.body.filter((event) => event.Event === "CreateActivity").map((event) => event.Action)).toContain(
      "REPORT",
    );
  });

  it("answers the resident's water-bill payments and payment settings", async () => {
    const token = await adminToken();
    const uid = seededUser("resident").uid;
    const history = await callApi<{ accountNumber: string; amountCents: number }[]>(
      "GET",
      `/api/users/payment-history/${uid}`,
      { token },
    );
    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThan(0);
    for (const row of history.body) {
      expect(row.accountNumber).toMatch(/^\d+-\d+$/);
      expect(Number.isInteger(row.amountCents)).toBe(true);
    }
    const settings = await callApi<{ accounts: { customerId: string }[]; paymentMethods: unknown[] }>(
      "GET",
      `/api/users/payment-settings/${uid}`,
      { token },
    );
    expect(settings.status).toBe(200);
    expect(settings.body.accounts.length).toBeGreaterThan(0);
    const missing = await callApi("DELETE", `/api/users/payment-settings/${uid}/autopay/AP000000000000`, { token });
    expect(missing.status).toBe(404);
  });

  it("an admin removes a user's autopay and deletes their stored card (spec 3 §2 payment settings, E08, E09)", async () => {
    const admin = await adminToken();
    const resident = await principal("resident");
    const uid = seededUser("resident").uid;
    const { customerId, locationId, accountNumber } = BILLING_FIXTURES.goodAccount;
    const settings = async () => {
      const answer = await callApi<AdminPaymentSettings>("GET", `/api/users/payment-settings/${uid}`, { token: admin });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    // The resident saves a card and pays the account by autopay with it.
    const saved = await callApi<{ Id: string }>("POST", "/api/payment-methods", {
      token: resident.idToken,
      body: { userId: uid, nonce: await cardNonce("approves") },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const card = saved.body.Id;
    try {
      const enrolled = await callApi<{ AutopayId: string }>("PUT", "/api/autopay", {
        token: resident.idToken,
        body: { navilineCustomerId: customerId, navilineLocationId: locationId, savedCard: card },
      });
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
      const before = await settings();
      const account = before.accounts.find((one) => one.customerId === customerId && one.locationId === locationId);
      expect(account?.autopay).toMatchObject({ autopayId: enrolled.body.AutopayId, paymentProfileId: card });
      expect(before.paymentMethods.find((method) => method.Id === card)).toMatchObject({ UsedByAutopay: true });

      const removed = await callApi("DELETE", `/api/users/payment-settings/${uid}/autopay/${enrolled.body.AutopayId}`, {
        token: admin,
      });
      expect(removed.status).toBe(200);
      const after = await settings();
      expect(after.accounts.find((one) => one.customerId === customerId)?.autopay).toBeNull();
      expect(after.paymentMethods.find((method) => method.Id === card)).toMatchObject({ UsedByAutopay: false });
      const used = await callApi<boolean>("GET", `/api/payment-methods/${card}`, { token: resident.idToken });
      expect(used.body).toBe(false);

      const deleted = await callApi("DELETE", `/api/users/payment-settings/${uid}/payment-methods/${card}`, {
        token: admin,
      });
      expect(deleted.status).toBe(200);
      expect((await settings()).paymentMethods.map((method) => method.Id)).not.toContain(card);
      const again = await callApi("DELETE", `/api/users/payment-settings/${uid}/payment-methods/${card}`, {
        token: admin,
      });
      expect(again.status).toBe(404);
    } finally {
      await callApi("DELETE", "/api/autopay/", { token: resident.idToken, body: { accountNumber } });
      await callApi("DELETE", `/api/payment-methods/${card}`, { token: resident.idToken });
    }
  });
});
