import { afterAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { deleteCreatedUsers, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { freshSignedInUser, principal } from "../kit/principals.ts";

const created: string[] = [];
afterAll(() => deleteCreatedUsers(created));

const tokenOf = async (key: "admin" | "staff" | "resident") => (await principal(key)).idToken as string;

describe("the staff role (issue 31): set by an admin on the user edit page", () => {
  it("an admin switches Staff on and off: the claim and users/{uid}.Staff move together", async () => {
    const user = await freshSignedInUser("staff-role", created);
    const admin = await tokenOf("admin");
    const on = await callApi<{ Staff: boolean; Admin: boolean }>("PUT", `/api/users/profile/${user.uid}`, {
      token: admin,
      body: { Staff: true },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body).toMatchObject({ Staff: true, Admin: false });
    const { auth, db } = testAdmin();
    expect((await auth.getUser(user.uid)).customClaims).toMatchObject({ staff: true });
    expect((await db.collection("users").doc(user.uid).get()).get("Staff")).toBe(true);

    const off = await callApi<{ Staff: boolean }>("PUT", `/api/users/profile/${user.uid}`, {
      token: admin,
      body: { Staff: false },
    });
    expect(off.body.Staff).toBe(false);
    expect((await auth.getUser(user.uid)).customClaims?.staff).toBe(false);
    expect((await db.collection("users").doc(user.uid).get()).get("Staff")).toBe(false);
  });

  it("only an admin sets Staff: staff and residents are refused, their own record included", async () => {
    const target = await freshSignedInUser("staff-target", created);
    for (const key of ["staff", "resident"] as const) {
      const other = await callApi("PUT", `/api/users/profile/${target.uid}`, {
        token: await tokenOf(key),
        body: { Staff: true },
      });
      expect(other.status, key).toBe(403);
      const own = await callApi("PUT", `/api/users/profile/${seededUser(key).uid}`, {
        token: await tokenOf(key),
        body: { Staff: true, Admin: true },
      });
      expect(own.status, key).toBe(403);
    }
    expect((await testAdmin().auth.getUser(target.uid)).customClaims?.staff).toBeUndefined();
  });

  it("the seeded staff member signs in with the staff claim and is not an admin", async () => {
    const me = await callApi<{ Staff: boolean; Admin: boolean }>("GET", "/api/auth", { token: await tokenOf("staff") });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ Staff: true, Admin: false });
  });
});
