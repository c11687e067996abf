import { describe, expect, it } from "vitest";
import { SEEDED_ORGANIZATION_ID } from "../../emulators/src/seed/fixtures.ts";
import { ACCESS_LEVELS, type AccessLevel } from "../../functions/src/contract/access.ts";
import type { AnyRoute } from "../../functions/src/platform/http/route.ts";
import { callApi, providerPost } from "../kit/api.ts";
import { PRINCIPAL_KEYS, type PrincipalKey, principal } from "../kit/principals.ts";
import { ALL_ROUTES, buildPath, fillExample, isRouteError, routeName } from "../kit/routes.ts";

/** Who reaches each level, written out independently of the server's rule. */
const REACHES: Record<AccessLevel, readonly PrincipalKey[]> = {
  public: PRINCIPAL_KEYS,
  signedIn: ["unverified", "noCrm", "resident", "resident2", "orgMember", "approver", "admin", "staff"],
  verified: ["noCrm", "resident", "resident2", "orgMember", "approver", "admin", "staff"],
  onboarded: ["resident", "resident2", "orgMember", "approver", "admin", "staff"],
  // The console (issue 31): city staff and admins; no resident or organization user.
  staff: ["staff", "admin"],
  // Configuration: admins only, never staff (issue 31).
  admin: ["admin"],
};

async function send(
  route: AnyRoute,
  key: PrincipalKey,
  overrides: { field?: { in: string; name: string; value: string } } = {},
) {
  const who = await principal(key);
  const example = fillExample(route.example ?? {}, who.user?.uid ?? null);
  const params = { ...(example.params ?? {}) };
  const query = { ...(example.query ?? {}) };
  let body = example.body;
  const field = overrides.field;
  if (field?.in === "params") params[field.name] = field.value;
  if (field?.in === "query") query[field.name] = field.value;
  if (field?.in === "body") body = { ...(body as object), [field.name]: field.value };
  // The provider's webhooks (form posts) are signed as the provider signs them; tokens play no part.
  if (route.bodyKind === "form") return providerPost(buildPath(route, params, query), body);
  return callApi(route.method, buildPath(route, params, query), { token: who.idToken, body });
}

describe("access matrix: every route, every principal", () => {
  it("every route declares a known access level", () => {
    for (const { route } of ALL_ROUTES) expect(ACCESS_LEVELS, routeName(route)).toContain(route.access);
  });

  for (const { route } of ALL_ROUTES) {
    it(`${routeName(route)} (${route.access})`, async () => {
      const problems: string[] = [];
      for (const key of PRINCIPAL_KEYS) {
        const reaches = REACHES[route.access].includes(key);
        if (reaches && route.destructive) continue;
        const answer = await send(route, key);
        const shaped = route.format ? isRouteError(route, answer) : answer.contentType.includes("json");
        if (answer.status >= 400 && !shaped) problems.push(`${key}: non-JSON ${answer.status}`);
        if (answer.status >= 500) problems.push(`${key}: server error ${answer.status}`);
        if (!reaches) {
          const expected = key === "anonymous" ? 401 : 403;
          if (answer.status !== expected) problems.push(`${key}: expected ${expected}, got ${answer.status}`);
        } else if (answer.status === 401 || answer.status === 403) {
          problems.push(`${key}: refused with ${answer.status} but the route is ${route.access}`);
        }
      }
      expect(problems).toEqual([]);
    });

    const owner = route.owner;
    if (owner) {
      it(`${routeName(route)} refuses another user's ${owner.field}`, async () => {
        const other = (await principal("resident2")).user?.uid as string;
        const answer = await send(route, "resident", { field: { in: owner.in, name: owner.field, value: other } });
        expect(answer.status).toBe(403);
        if (owner.allowAdmin && !route.destructive) {
          const asAdmin = await send(route, "admin", { field: { in: owner.in, name: owner.field, value: other } });
          expect([401, 403]).not.toContain(asAdmin.status);
        }
      });
    }

    const organization = route.organization;
    if (organization) {
      it(`${routeName(route)} needs organization role ${organization.role}`, async () => {
        // Like the owner check: the organization is put into the request here, so routes where it
        // is optional keep an example every principal can send.
        const field = { in: organization.in, name: organization.field, value: SEEDED_ORGANIZATION_ID };
        const outsider = await send(route, "resident", { field });
        expect(outsider.status).toBe(403);
        const member = await send(route, "orgMember", { field });
        if (organization.role === "approver") expect(member.status).toBe(403);
        else if (!route.destructive) expect([401, 403]).not.toContain(member.status);
      });
    }
  }

  it("an unknown API path answers 404 JSON and a wrong method 405 JSON", async () => {
    const unknown = await callApi("GET", "/api/no-such-route");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: "not_found" } });
    const wrongMethod = await callApi("DELETE", "/api/featureflags");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toMatchObject({ error: { code: "method_not_allowed" } });
  });
});
