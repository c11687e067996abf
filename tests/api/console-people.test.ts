import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AuditPage } from "../../functions/src/contract/audit.ts";
import type { InProgressResponse } from "../../functions/src/contract/case-status.ts";
import type { PersonSearchAnswer, PersonView } from "../../functions/src/contract/console.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";

// The staff console's "find a person" and person view (issue 31), against the seeded city.

const maria = seededUser("resident");
const tokenOf = async (key: "admin" | "staff" | "resident" | "approver") => (await principal(key)).idToken as string;

async function find(by: string, q: string, key: "staff" | "admin" = "staff"): Promise<string[]> {
  const answer = await callApi<PersonSearchAnswer>("GET", `/api/console/people?${new URLSearchParams({ by, q })}`, {
    token: await tokenOf(key),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.people.map((person) => person.uid);
}

describe("console: find a person", () => {
  it("finds Maria by phone (as typed or digits only), email, name, water account and case number", async () => {
    // Her phone as stored now (suites run before this one may have edited her profile).
    const phone = String((await testAdmin().db.collection("users").doc(maria.uid).get()).get("PhoneNumber"));
    expect(phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(await find("phone", phone)).toContain(maria.uid);
    expect(await find("phone", `1-${phone.replace(/\D/g, "").replace(/^(\d{3})(\d{3})/, "$1-$2-")}`)).toContain(
      maria.uid,
    );
    expect(await find("email", "Maria.Lopez@example.com")).toEqual([maria.uid]);
    expect(await find("name", "maria lopez")).toContain(maria.uid);
    expect(await find("name", "lopez maria", "admin")).toContain(maria.uid);

    const [link] = (await testAdmin().db.collection("billingAccounts").where("userId", "==", maria.uid).get()).docs;
    expect(link).toBeDefined();
    expect(await find("account", `${link?.get("customerId")}-${link?.get("locationId")}`)).toContain(maria.uid);

    const cases = await callApi<InProgressResponse>("GET", "/api/salesforce/inProgress", {
      token: await tokenOf("resident"),
    });
    const caseNumber = [...cases.body.inProgress, ...cases.body.completed][0]?.caseNumber;
    expect(caseNumber).toBeTruthy();
    expect(await find("case", caseNumber as string)).toEqual([maria.uid]);
  });

  it("answers nobody for a number no one has, and refuses malformed searches and residents", async () => {
    expect(await find("phone", "(312) 000-0000")).toEqual([]);
    const staff = await tokenOf("staff");
    for (const query of ["by=phone&q=12", "by=account&q=abc", "by=ssn&q=123456789", "by=email&q=not-an-email"]) {
      expect((await callApi("GET", `/api/console/people?${query}`, { token: staff })).status, query).toBe(400);
    }
    const resident = await callApi("GET", "/api/console/people?by=phone&q=8475550101", {
      token: await tokenOf("resident"),
    });
    expect(resident.status).toBe(403);
    const view = await callApi("GET", `/api/console/people/${maria.uid}`, { token: await tokenOf("resident") });
    expect(view.status).toBe(403);
  });
});

describe("console: the person view", () => {
  it("shows Maria's profile, water account with the amount due, cases with status, payments, messages; the read is audited", async () => {
    const answer = await callApi<PersonView>("GET", `/api/console/people/${maria.uid}`, {
      token: await tokenOf("staff"),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const view = answer.body;
    expect(view.profile).toMatchObject({ uid: maria.uid, firstName: "Maria", lastName: "Lopez", email: maria.email });
    expect(view.accounts?.length).toBeGreaterThan(0);
    expect(typeof view.accounts?.[0]?.amountDueCents).toBe("number");
    expect(view.cases?.length).toBeGreaterThan(0);
    expect(view.cases?.[0]?.status).toBeTruthy();
    expect(Array.isArray(view.payments)).toBe(true);
    expect(Array.isArray(view.messages)).toBe(true);

    const audit = await callApi<AuditPage>(
      "GET",
      `/api/audit?${new URLSearchParams({ personUid: maria.uid, action: "console.person.view" })}`,
      { token: await tokenOf("admin") },
    );
    expect(audit.body.records[0]).toMatchObject({
      actorUid: seededUser("staff").uid,
      actorRole: "staff",
      personUid: maria.uid,
      route: "GET /api/console/people/:id",
    });
  });

  it("shows an organization member's organization with their role; an unknown person is 404", async () => {
    const dana = seededUser("approver");
    const view = await callApi<PersonView>("GET", `/api/console/people/${dana.uid}`, { token: await tokenOf("staff") });
    expect(view.body.organizations).toEqual([expect.objectContaining({ role: "approver", verified: true })]);
    const missing = await callApi("GET", "/api/console/people/no-such-person", { token: await tokenOf("staff") });
    expect(missing.status).toBe(404);
  });
});
