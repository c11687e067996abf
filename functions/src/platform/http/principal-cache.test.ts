import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearPrincipalCache,
  forgetPrincipal,
  meetsAccess,
  PRINCIPAL_CACHE_MS,
  principalFromAuthorization,
} from "./principal";

// vi.mock calls are hoisted above the imports: the identity service and users/{uid} are stand-ins,
// so the test counts what each request asks of them.
const verifyIdToken = vi.fn();
const readUser = vi.fn();
vi.mock("../firebase", () => ({ adminAuth: () => ({ verifyIdToken }) }));
vi.mock("../../data/users", () => ({ readUser: (uid: string) => readUser(uid) }));

const START = Date.parse("2026-11-26T12:00:00Z");
const HOUR_S = 3600;

/** An unsigned token of the shape the identity service issues (the stand-in verifies it). */
const tokenOf = (sub: string, nonce = "1") =>
  ["{}", JSON.stringify({ sub, nonce })]
    .map((part) => Buffer.from(part).toString("base64url"))
    .join(".")
    .concat(".sig");
const bearer = (token: string) => `Bearer ${token}`;

/** The identity service's answer for a user's token: claims valid for an hour from now. */
const claims = (uid: string, { admin = false, expS = Date.now() / 1000 + HOUR_S } = {}) => ({
  uid,
  email: `${uid}@example.com`,
  email_verified: true,
  admin,
  exp: Math.floor(expS),
  auth_time: Math.floor(Date.now() / 1000),
});

const records: Record<string, { SalesforceId: string | null }> = {};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  clearPrincipalCache();
  verifyIdToken.mockReset();
  readUser.mockReset();
  readUser.mockImplementation(async (uid: string) => records[uid]);
  records.alice = { SalesforceId: "003000000000001AAA" };
  records.bob = { SalesforceId: "003000000000002AAA" };
  records.newcomer = { SalesforceId: null };
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the principal cache", () => {
  it("serves a verified token and the user's CRM id again without asking (routes without the revocation check)", async () => {
    verifyIdToken.mockImplementation(async () => claims("alice"));
    const first = await principalFromAuthorization(bearer(tokenOf("alice")));
    const second = await principalFromAuthorization(bearer(tokenOf("alice")));
    expect(second).toEqual(first);
    expect(second?.salesforceId).toBe("003000000000001AAA");
    expect(verifyIdToken).toHaveBeenCalledTimes(1);
    expect(readUser).toHaveBeenCalledTimes(1);
  });

  it("never answers a revocation-checked route from the cache: the identity service is asked every time", async () => {
    verifyIdToken.mockImplementation(async () => claims("alice"));
    await principalFromAuthorization(bearer(tokenOf("alice")));
    await principalFromAuthorization(bearer(tokenOf("alice")), { checkRevoked: true });
    await principalFromAuthorization(bearer(tokenOf("alice")), { checkRevoked: true });
    expect(verifyIdToken.mock.calls.map((call) => call[1])).toEqual([false, true, true]);

    // Revoked (or disabled) now: refused, and the refusal drops the cached token for every route.
    verifyIdToken.mockRejectedValue(Object.assign(new Error("revoked"), { code: "auth/id-token-revoked" }));
    expect(await principalFromAuthorization(bearer(tokenOf("alice")), { checkRevoked: true })).toBeNull();
    expect(await principalFromAuthorization(bearer(tokenOf("alice")))).toBeNull();
    expect(verifyIdToken).toHaveBeenCalledTimes(5);
  });

  it("verifies again once the entry is PRINCIPAL_CACHE_MS old", async () => {
    verifyIdToken.mockImplementation(async () => claims("alice"));
    await principalFromAuthorization(bearer(tokenOf("alice")));
    vi.setSystemTime(START + PRINCIPAL_CACHE_MS - 1);
    await principalFromAuthorization(bearer(tokenOf("alice")));
    expect(verifyIdToken).toHaveBeenCalledTimes(1);
    vi.setSystemTime(START + PRINCIPAL_CACHE_MS);
    await principalFromAuthorization(bearer(tokenOf("alice")));
    expect(verifyIdToken).toHaveBeenCalledTimes(2);
    expect(readUser).toHaveBeenCalledTimes(2);
  });

  it("never serves a token past its own exp, however young the entry", async () => {
    verifyIdToken.mockImplementation(async () => claims("alice", { expS: START / 1000 + 5 }));
    await principalFromAuthorization(bearer(tokenOf("alice")));
    vi.setSystemTime(START + 5_000);
    verifyIdToken.mockRejectedValue(Object.assign(new Error("expired"), { code: "auth/id-token-expired" }));
    expect(await principalFromAuthorization(bearer(tokenOf("alice")))).toBeNull();
    expect(verifyIdToken).toHaveBeenCalledTimes(2);
  });

  it("forgets a user whose admin role is removed or who is disabled, and only that user", async () => {
    verifyIdToken.mockImplementation(async (token: string) =>
      claims(token === tokenOf("alice") ? "alice" : "bob", { admin: true }),
    );
    expect((await principalFromAuthorization(bearer(tokenOf("alice"))))?.admin).toBe(true);
    await principalFromAuthorization(bearer(tokenOf("bob")));

    // The admin switch (PUT /api/users/profile/:id, Admin false) calls forgetPrincipal: the next
    // request verifies again and sees the identity service's answer (here: demoted).
    verifyIdToken.mockImplementation(async (token: string) =>
      claims(token === tokenOf("alice") ? "alice" : "bob", { admin: token !== tokenOf("alice") }),
    );
    forgetPrincipal("alice");
    const demoted = await principalFromAuthorization(bearer(tokenOf("alice")));
    expect(demoted?.admin).toBe(false);
    expect(meetsAccess(demoted, "admin")).toBe(false);
    expect(readUser.mock.calls.filter(([uid]) => uid === "alice")).toHaveLength(2);

    // Disabled: the token no longer verifies once the cache has forgotten it.
    forgetPrincipal("alice");
    verifyIdToken.mockRejectedValue(Object.assign(new Error("disabled"), { code: "auth/user-disabled" }));
    expect(await principalFromAuthorization(bearer(tokenOf("alice")))).toBeNull();
    // Bob's entry was kept.
    expect((await principalFromAuthorization(bearer(tokenOf("bob"))))?.admin).toBe(true);
    expect(verifyIdToken.mock.calls.filter(([token]) => token === tokenOf("bob"))).toHaveLength(1);
  });

  it("keeps each token of a user apart and forgets all of them", async () => {
    verifyIdToken.mockImplementation(async () => claims("alice"));
    await principalFromAuthorization(bearer(tokenOf("alice", "1")));
    await principalFromAuthorization(bearer(tokenOf("alice", "2")));
    await principalFromAuthorization(bearer(tokenOf("alice", "2")));
    expect(verifyIdToken).toHaveBeenCalledTimes(2);
    forgetPrincipal("alice");
    await principalFromAuthorization(bearer(tokenOf("alice", "1")));
    await principalFromAuthorization(bearer(tokenOf("alice", "2")));
    expect(verifyIdToken).toHaveBeenCalledTimes(4);
  });

  it("reads a user without a CRM id on every request, so onboarding elsewhere counts at once", async () => {
    verifyIdToken.mockImplementation(async () => claims("newcomer"));
    expect((await principalFromAuthorization(bearer(tokenOf("newcomer"))))?.salesforceId).toBeNull();
    records.newcomer = { SalesforceId: "003000000000003AAA" };
    const onboarded = await principalFromAuthorization(bearer(tokenOf("newcomer")));
    expect(onboarded?.salesforceId).toBe("003000000000003AAA");
    expect(meetsAccess(onboarded, "onboarded")).toBe(true);
    expect(readUser).toHaveBeenCalledTimes(2);
  });

  it("does not keep what a request loaded while the user was being forgotten", async () => {
    let answer: (claims: unknown) => void = () => undefined;
    verifyIdToken.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const pending = principalFromAuthorization(bearer(tokenOf("alice")));
    forgetPrincipal("alice");
    answer(claims("alice", { admin: true }));
    expect((await pending)?.admin).toBe(true);

    verifyIdToken.mockImplementation(async () => claims("alice", { admin: false }));
    expect((await principalFromAuthorization(bearer(tokenOf("alice"))))?.admin).toBe(false);
    expect(verifyIdToken).toHaveBeenCalledTimes(2);
    expect(readUser).toHaveBeenCalledTimes(2);
  });

  it("caches nothing for a token whose verified uid is not the one it claims", async () => {
    verifyIdToken.mockImplementation(async () => claims("alice"));
    await principalFromAuthorization(bearer(tokenOf("mallory")));
    await principalFromAuthorization(bearer(tokenOf("mallory")));
    expect(verifyIdToken).toHaveBeenCalledTimes(2);
  });
});
