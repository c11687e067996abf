import { beforeEach, describe, expect, it, vi } from "vitest";
import { ACCESS_LEVELS } from "../../contract/access";
import { createDispatcher } from "./dispatcher";
import { route } from "./route";

// Finding 7 (issue 11). firebase-admin checks revocation against the Auth emulator whatever it
// is asked (base-auth.js: `if (checkRevoked || isEmulator)`), so the stack tests cannot tell a
// dispatcher that asks from one that doesn't; this test can. (vi.mock is hoisted above imports.)
const verifyIdToken = vi.fn();
vi.mock("../firebase", () => ({ adminAuth: () => ({ verifyIdToken }) }));
vi.mock("../../data/users", () => ({ readUser: async () => ({ SalesforceId: "003000000000001AAA" }) }));

const dispatcher = createDispatcher({
  functionName: "test",
  rewrites: [],
  routes: ACCESS_LEVELS.map((access) =>
    route({ method: "GET", path: `/api/${access}`, access, summary: access, handler: async () => ({ ok: true }) }),
  ),
});

async function call(access: string) {
  const res = {
    headersSent: false,
    statusCode: 0,
    setHeader: () => undefined,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json() {
      this.headersSent = true;
      return this;
    },
    end() {
      this.headersSent = true;
    },
  };
  const req = {
    method: "GET",
    path: `/api/${access}`,
    query: {},
    header: (name: string) => (name.toLowerCase() === "authorization" ? "Bearer a-token" : undefined),
    rawBody: Buffer.alloc(0),
  };
  await dispatcher(req as never, res as never);
  return res.statusCode;
}

describe("revocation checks (finding 7)", () => {
  beforeEach(() => {
    verifyIdToken.mockReset();
    verifyIdToken.mockResolvedValue({ uid: "u1", email: "a@example.com", email_verified: true, admin: true });
  });

  it.each([
    ["signedIn", false],
    ["verified", true],
    ["onboarded", true],
    ["staff", true],
    ["admin", true],
  ])("a %s route asks the identity service whether the token was revoked: %s", async (access, checked) => {
    expect(await call(access)).toBe(200);
    expect(verifyIdToken).toHaveBeenCalledWith("a-token", checked);
  });

  it("refuses a revoked token on an admin route", async () => {
    verifyIdToken.mockImplementation(async (_token: string, checkRevoked: boolean) => {
      if (checkRevoked) throw Object.assign(new Error("revoked"), { code: "auth/id-token-revoked" });
      return { uid: "u1", email_verified: true, admin: true };
    });
    expect(await call("admin")).toBe(401);
  });
});
