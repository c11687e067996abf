import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearPrincipalCache, principalFromAuthorization } from "./principal";

// vi.mock calls are hoisted above the imports: the identity service and users/{uid} are stand-ins
// here so the test can hold the verification open and see what is read meanwhile.
const verifyIdToken = vi.fn();
const readUser = vi.fn();
vi.mock("../firebase", () => ({ adminAuth: () => ({ verifyIdToken }) }));
vi.mock("../../data/users", () => ({ readUser: (uid: string) => readUser(uid) }));

/** An unsigned token of the shape the identity service issues, claiming `sub`. */
const tokenClaiming = (sub: string) =>
  ["{}", JSON.stringify({ sub })]
    .map((part) => Buffer.from(part).toString("base64url"))
    .join(".")
    .concat(".sig");

const records: Record<string, { SalesforceId: string }> = {
  alice: { SalesforceId: "003000000000001AAA" },
  mallory: { SalesforceId: "003000000000009AAA" },
};

describe("principalFromAuthorization reads users/{uid} beside the token check", () => {
  beforeEach(() => {
    clearPrincipalCache();
    verifyIdToken.mockReset();
    readUser.mockReset();
    readUser.mockImplementation(async (uid: string) => records[uid]);
  });

  it("starts the user's read before the (revocation) check answers, and uses it once the token verifies", async () => {
    let answer: (token: unknown) => void = () => undefined;
    verifyIdToken.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const pending = principalFromAuthorization(`Bearer ${tokenClaiming("alice")}`, { checkRevoked: true });
    await Promise.resolve();
    expect(readUser).toHaveBeenCalledWith("alice");
    answer({ uid: "alice", email_verified: true });
    expect((await pending)?.salesforceId).toBe("003000000000001AAA");
    expect(verifyIdToken).toHaveBeenCalledWith(tokenClaiming("alice"), true);
    expect(readUser).toHaveBeenCalledTimes(1);
  });

  it("takes the record of the verified uid, not of the uid the token claimed", async () => {
    verifyIdToken.mockResolvedValue({ uid: "alice", email_verified: true });
    const principal = await principalFromAuthorization(`Bearer ${tokenClaiming("mallory")}`);
    expect(principal?.uid).toBe("alice");
    expect(principal?.salesforceId).toBe("003000000000001AAA");
  });

  it("is null for a token that does not verify (revoked), whatever its early read found", async () => {
    verifyIdToken.mockRejectedValue(Object.assign(new Error("revoked"), { code: "auth/id-token-revoked" }));
    readUser.mockRejectedValue(new Error("unreadable"));
    expect(await principalFromAuthorization(`Bearer ${tokenClaiming("alice")}`, { checkRevoked: true })).toBeNull();
  });

  it("does not read early for a claimed uid that is not a plain id", async () => {
    verifyIdToken.mockResolvedValue({ uid: "alice", email_verified: true });
    await principalFromAuthorization(`Bearer ${tokenClaiming("users/other")}`);
    expect(readUser.mock.calls).toEqual([["alice"]]);
  });
});
