import { afterAll, describe, expect, it } from "vitest";
import { deleteCreatedUsers } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { freshSignedInUser, nextSecond, principal } from "../kit/principals.ts";

// The principal cache (functions/src/platform/http/principal.ts) reuses a verified token on routes
// without the revocation check (GET /api/auth is signedIn). The instance that demotes, disables or
// deletes a user forgets the user's cached tokens at once, so the token the cache held is not
// served as the user it was any more: against the Auth emulator it is refused (firebase-admin asks
// the emulator about revocation on every verification).

const created: string[] = [];
afterAll(() => deleteCreatedUsers(created));

/** A new identity user with a users/{uid} record, signed in; with the admin claim when asked. */
const freshUser = (label: string, options?: { admin?: boolean; emailVerified?: boolean }) =>
  freshSignedInUser(label, created, options);

describe("the principal cache forgets a user when an admin changes them", () => {
  it("a demoted admin's cached token is no longer an admin on GET /api/auth right after", async () => {
    const demoted = await freshUser("cache-demoted", { admin: true });
    // Twice: the second answer comes from the cache.
    for (let i = 0; i < 2; i++) {
      const answer = await callApi<{ Admin: boolean }>("GET", "/api/auth", { token: demoted.idToken });
      expect(answer.status).toBe(200);
      expect(answer.body.Admin).toBe(true);
    }
    await nextSecond();
    const admin = await principal("admin");
    const put = await callApi("PUT", `/api/users/profile/${demoted.uid}`, {
      token: admin.idToken,
      body: { Admin: false },
    });
    expect(put.status).toBe(200);
    const after = await callApi<{ Admin?: boolean }>("GET", "/api/auth", { token: demoted.idToken });
    expect(after.status).toBe(401);
    expect((await callApi("GET", "/api/users", { token: demoted.idToken })).status).toBe(401);
  });

  it("a disabled user's cached token is refused on GET /api/auth right after", async () => {
    const disabled = await freshUser("cache-disabled");
    for (let i = 0; i < 2; i++) {
      expect((await callApi("GET", "/api/auth", { token: disabled.idToken })).status).toBe(200);
    }
    await nextSecond();
    const admin = await principal("admin");
    const put = await callApi("PUT", `/api/users/profile/${disabled.uid}`, {
      token: admin.idToken,
      body: { Disabled: true },
    });
    expect(put.status).toBe(200);
    expect((await callApi("GET", "/api/auth", { token: disabled.idToken })).status).toBe(401);
  });

  it("a deleted account's cached token is refused on GET /api/auth right after", async () => {
    const leaving = await freshUser("cache-deleted");
    for (let i = 0; i < 2; i++) {
      expect((await callApi("GET", "/api/auth", { token: leaving.idToken })).status).toBe(200);
    }
    const deleted = await callApi("DELETE", `/api/users/${leaving.uid}`, { token: leaving.idToken });
    expect(deleted.status).toBe(200);
    expect((await callApi("GET", "/api/auth", { token: leaving.idToken })).status).toBe(401);
  });
});
