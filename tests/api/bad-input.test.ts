import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mapWithConcurrency } from "../../functions/src/connectors/push/batch.ts";
import { PORTAL_COLLECTIONS } from "../../functions/src/platform/collections.ts";
import type { AnyRoute } from "../../functions/src/platform/http/route.ts";
import { fingerprint } from "../kit/admin.ts";
import { callApi, providerPost } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { ALL_ROUTES, buildPath, fillExample, isRouteError, routeName } from "../kit/routes.ts";

const RUNS = 12;
/** Attempts of one route in flight at once. */
const ATTEMPTS_AT_ONCE = 4;
const MAX_URL_LENGTH = 7000;

/** Values that often break handlers: wrong types, long strings, nesting, odd characters. */
const oddStrings = fc.constantFrom(
  "",
  " ",
  "..",
  "%00",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "🙂",
  "\u0000",
  "null",
  "-1",
  "1e309",
);
// In a URL, long values stay under 8 KB once encoded: beyond that Node and Google's front end refuse
// the request (431/414) before any of our code runs.
const hostileUrlString = fc.oneof(fc.string(), oddStrings, fc.string({ minLength: 500, maxLength: 900 }));
const hostileQueryValue = fc.oneof(hostileUrlString, fc.array(hostileUrlString, { minLength: 2, maxLength: 3 }));
const hostileJson = fc.oneof(
  fc.jsonValue(),
  oddStrings,
  fc.string({ minLength: 3000, maxLength: 6000 }),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
);

function knownKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function toSearch(query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  }
  return search.toString();
}

/**
 * The Cloud Functions runtime parses JSON bodies strictly (objects and arrays only) before any of
 * our code runs and refuses anything else with 400; platform/http/runtime-errors.ts makes that
 * answer the JSON error shape too.
 */
function refusedByRuntime(attempt: Attempt): boolean {
  if (attempt.rawBody !== undefined) return true;
  return attempt.body !== undefined && (typeof attempt.body !== "object" || attempt.body === null);
}

interface Attempt {
  path: string;
  body?: unknown;
  rawBody?: string;
}

function invalidAttempts(route: AnyRoute, uid: string): Attempt[] {
  const example = fillExample(route.example ?? {}, uid);
  const validPath = buildPath(route, example.params, example.query);
  const attempts: Attempt[] = [];
  const rejects = (schema: z.ZodType | undefined, value: unknown) =>
    schema !== undefined && !schema.safeParse(value).success;

  if (route.params) {
    const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
    for (const params of fc.sample(fc.record(Object.fromEntries(names.map((n) => [n, hostileUrlString]))), RUNS)) {
      const candidate = { ...(example.params ?? {}), ...params } as Record<string, string>;
      // Empty values and dot-segments never reach a param: the URL resolves "." and "..", and
      // Hosting treats any other segment starting with "." as a dotfile, before any rewrite.
      const reachable = Object.values(candidate).every((v) => v.length > 0 && !v.startsWith("."));
      if (rejects(route.params, candidate) && reachable) {
        attempts.push({ path: buildPath(route, candidate, example.query), body: example.body });
      }
    }
  }
  if (route.query) {
    const keys = [...knownKeys(route.query), "unexpected"];
    for (const query of fc.sample(fc.dictionary(fc.constantFrom(...keys), hostileQueryValue, { minKeys: 1 }), RUNS)) {
      const candidate = { ...(example.query ?? {}), ...query };
      if (rejects(route.query, candidate)) {
        const base = buildPath(route, example.params);
        attempts.push({ path: `${base}?${toSearch(candidate)}`, body: example.body });
      }
    }
  }
  if (route.body) {
    const keys = knownKeys(route.body);
    const mutated = keys.length
      ? fc
          .record(Object.fromEntries(keys.map((k) => [k, hostileJson])), { requiredKeys: [] })
          .map((fields) => ({ ...(example.body as object), ...fields }))
      : hostileJson;
    for (const body of fc.sample(fc.oneof(mutated, hostileJson), RUNS)) {
      if (rejects(route.body, body)) attempts.push({ path: validPath, body });
    }
    attempts.push({ path: validPath, rawBody: "{not json" });
  }
  // Node and Google's front end refuse request lines over ~8 KB (431/414) before any of our code runs.
  return attempts.filter((attempt) => attempt.path.length <= MAX_URL_LENGTH);
}

describe("bad input: generated invalid params, query and bodies", () => {
  const withSchemas = ALL_ROUTES.filter(({ route }) => route.params || route.query || route.body);
  /** The fingerprint the last passing case ended with (reading every collection is most of a case's time). */
  let lastFingerprint: string | undefined;

  it("covers at least one route", () => {
    expect(withSchemas.length).toBeGreaterThan(0);
  });

  for (const { route } of withSchemas) {
    it(`${routeName(route)} answers 4xx JSON and changes nothing`, async () => {
      const admin = await principal("admin");
      const attempts = invalidAttempts(route, admin.user?.uid as string);
      expect(attempts.length, "no invalid input could be generated").toBeGreaterThan(0);
      // The store as the previous case left it, checked there; read again when there is none (the
      // first case, one run alone) or the previous case failed. A write that lands between two cases
      // fails the later one instead of going unseen.
      const before = lastFingerprint ?? (await fingerprint([...PORTAL_COLLECTIONS]));
      lastFingerprint = undefined;
      // The attempts are independent (each is refused before it could change anything), so a few
      // go at once, as a browser's would; one at a time, the file spent most of its time waiting.
      const answers = await mapWithConcurrency(attempts, ATTEMPTS_AT_ONCE, async (attempt) => {
        // The provider's webhooks get their invalid forms signed as the provider would sign them.
        const answer =
          route.bodyKind === "form" && attempt.rawBody === undefined
            ? await providerPost(attempt.path, attempt.body)
            : await callApi(route.method, attempt.path, {
                token: admin.idToken,
                body: attempt.body,
                rawBody: attempt.rawBody,
              });
        const label = `${attempt.path.slice(0, 120)} ${JSON.stringify(attempt.body ?? attempt.rawBody ?? "").slice(0, 80)}`;
        if (answer.status < 400 || answer.status >= 500) return `${answer.status} for ${label}`;
        if (refusedByRuntime(attempt) && answer.status !== 400) return `${answer.status} for unparsable body ${label}`;
        // The runtime refuses an unparsable JSON body before any route's format applies.
        const shaped = refusedByRuntime(attempt) ? isRouteError({ ...route, format: undefined }, answer) : false;
        if (!shaped && !isRouteError(route, answer)) return `non-JSON error for ${label}`;
        return null;
      });
      const problems = answers.filter((problem) => problem !== null);
      expect(problems).toEqual([]);
      const after = await fingerprint([...PORTAL_COLLECTIONS]);
      expect(after).toBe(before);
      lastFingerprint = after;
    });
  }
});
