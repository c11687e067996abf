import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_ORGANIZATION_ID } from "../../emulators/src/seed/fixtures.ts";
import { RateLimitedError } from "../../functions/src/platform/http/api-error.ts";
import type { AnyRoute, ThrottleRule } from "../../functions/src/platform/http/route.ts";
import {
  THROTTLE_COLLECTION,
  takeThrottleSlot,
  throttleBucket,
  throttleKey,
} from "../../functions/src/platform/http/throttle.ts";
import { testAdmin } from "../kit/admin.ts";
import { type ApiAnswer, callApi, providerPost } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { ALL_ROUTES, buildPath, fillExample, isRouteError, routeName } from "../kit/routes.ts";
import { resetThrottles, takeThrottleSlots } from "../kit/throttles.ts";

/** Budgets this small are used up by real requests; larger ones are filled in Firestore first. */
const HAMMER_UP_TO = 12;
/** Locally the functions see every request coming from the Hosting emulator on this machine. */
const LOCAL_CLIENT = "127.0.0.1";

const throttled = ALL_ROUTES.filter(({ route }) => route.throttle?.length);

/** Memberships of the seeded organization before any example ran: an invite example adds one. */
let membersBefore: Set<string>;
beforeAll(async () => {
  membersBefore = new Set((await organizationMembers()).map((doc) => doc.id));
});
afterAll(async () => {
  await resetThrottles();
  for (const doc of await organizationMembers()) if (!membersBefore.has(doc.id)) await doc.ref.delete();
});

async function organizationMembers() {
  const { db } = testAdmin();
  return (await db.collection("orgMembers").where("organizationId", "==", SEEDED_ORGANIZATION_ID).get()).docs;
}

/**
 * The route's example as a caller who may send it: the admin reaches every access level, but an
 * organization rule needs a member of the seeded organization with that role.
 */
async function exampleRequest(route: AnyRoute) {
  const caller = await principal(
    route.organization ? (route.organization.role === "approver" ? "approver" : "orgMember") : "admin",
  );
  const uid = caller.user?.uid as string;
  const example = fillExample(route.example ?? {}, uid);
  const input = {
    params: route.params ? route.params.parse(example.params ?? {}) : {},
    query: route.query ? route.query.parse(example.query ?? {}) : {},
    body: route.body ? route.body.parse(example.body) : undefined,
  };
  const path = buildPath(route, example.params, example.query);
  // The provider's webhooks (form posts) are signed as the provider signs them.
  const send = () =>
    route.bodyKind === "form"
      ? providerPost(path, example.body)
      : callApi(route.method, path, { token: caller.idToken, body: example.body });
  return { uid, input, send };
}

/** Real requests must all fall in one window: not when the current one ends within a minute. */
function windowLeftMs(rule: ThrottleRule, key: string): number {
  const now = Date.now();
  return throttleBucket(rule, key, now).windowEnd - now;
}

function expectRateLimited(answer: ApiAnswer, rule: ThrottleRule, route: AnyRoute): void {
  expect(answer.status).toBe(429);
  if (route.format) {
    // A route with its own answer format (Open311's errors list, XML or JSON) says so in that format.
    expect(isRouteError(route, answer), String(answer.body)).toBe(true);
  } else {
    expect(answer.contentType).toContain("json");
    expect(answer.body).toMatchObject({ error: { code: "rate_limited", message: expect.any(String) } });
  }
  const retryAfter = Number(answer.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(rule.windowSeconds);
}

describe("throttles: every route that declares a limit answers 429 with Retry-After past it", () => {
  it("the routes the public or any signed-in user can hammer declare limits", () => {
    const names = throttled.map(({ route }) => routeName(route));
    for (const expected of [
      "POST /api/signup",
      "GET /api/record-session",
      "POST /api/users/reset-password",
      "POST /api/users/resend-registration",
      "POST /api/sso/SAML",
      "GET /api/laserfiche/formUrl",
      "POST /api/salesforce/matchToSalesforceContact",
      "GET /api/salesforce/organizations",
      // Issue 26: guessable or CRM-writing routes.
      "POST /api/licenses/renew/calc",
      "POST /api/payment/createLPIUserActivities",
      "POST /api/salesforce/matchOrCreateOrgsToSalesforceOrgs",
      // Billing reads: each costs the billing system calls per water account (the bill records, E8's record).
      "GET /api/naviline/getbillinghistory",
      "GET /api/naviline/billingAccounts",
      "GET /api/naviline/getdelinquentstatus",
      "GET /api/naviline/paymenthistory",
      "GET /api/naviline/paymenthistoryv2",
    ]) {
      expect(names).toContain(expected);
    }
  });

  for (const { route } of throttled) {
    for (const rule of route.throttle ?? []) {
      it(`${routeName(route)}: ${rule.name} (${rule.limit} per ${rule.windowSeconds} s by ${JSON.stringify(rule.key)})`, async () => {
        await resetThrottles();
        const { uid, input, send } = await exampleRequest(route);
        const key = throttleKey(rule, { uid, clientAddress: LOCAL_CLIENT, input });
        expect(key, "the route's example must carry the rule's key").not.toBeNull();
        // Real requests only where this rule is the route's tightest, so no other rule trips first.
        const tightest = Math.min(...(route.throttle ?? []).map((other) => other.limit)) === rule.limit;
        if (
          rule.limit <= HAMMER_UP_TO &&
          rule.counts !== "failures" &&
          tightest &&
          windowLeftMs(rule, key as string) > 60_000
        ) {
          for (let attempt = 1; attempt <= rule.limit; attempt++) {
            const answer = await send();
            expect(answer.status, `attempt ${attempt}: ${JSON.stringify(answer.body)}`).not.toBe(429);
            expect(answer.status).toBeLessThan(500);
          }
        } else {
          // Every slot of this window and the next: city news once answered 200 just after a boundary.
          await takeThrottleSlots(rule, key as string, { nextWindowToo: true });
        }
        expectRateLimited(await send(), rule, route);
        // Once the window is forgotten the same request passes again.
        await resetThrottles();
        expect((await send()).status).not.toBe(429);
      });
    }
  }
});

describe("throttles: concurrent requests of one key", () => {
  it("30 at once against a limit of 15 take exactly the 15 slots, each once", async () => {
    const rule: ThrottleRule = { name: "concurrency-check", key: "client", limit: 15, windowSeconds: 3600 };
    const now = Date.now();
    const key = `client:concurrency-check-${now}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => takeThrottleSlot(rule, key, now)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(15);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused).toHaveLength(15);
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(RateLimitedError);
    const { db } = testAdmin();
    const { bucket } = throttleBucket(rule, key, now);
    const slots = await db.collection(THROTTLE_COLLECTION).where("bucket", "==", bucket).get();
    expect(slots.docs.map((doc) => doc.get("slot") as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 15 }, (_, slot) => slot),
    );
  });
});
