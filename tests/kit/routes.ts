import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AnyRoute } from "../../functions/src/platform/http/route.ts";
import { ROUTE_TABLES } from "../../functions/src/registry.ts";

export const ALL_ROUTES: { functionName: string; route: AnyRoute }[] = ROUTE_TABLES.flatMap((table) =>
  table.routes.map((route) => ({ functionName: table.functionName, route })),
);

export const routeName = (route: AnyRoute) => `${route.method} ${route.path}`;

/** Replaces `{uid}`, `{otherUid}` and `{orgId}` in a route's example for the calling user. */
export function fillExample<T>(value: T, uid: string | null): T {
  const caller = uid ?? seededUser("resident").uid;
  const other = caller === seededUser("resident2").uid ? seededUser("resident").uid : seededUser("resident2").uid;
  const text = JSON.stringify(value ?? null)
    .replaceAll("{uid}", caller)
    .replaceAll("{otherUid}", other)
    .replaceAll("{orgId}", SEEDED_ORGANIZATION_ID);
  return JSON.parse(text) as T;
}

/** Builds the request path of a route from params (missing ones get a harmless placeholder). */
export function buildPath(
  route: AnyRoute,
  params: Record<string, string> = {},
  query: Record<string, string> = {},
): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? "example"),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Whether an answer is the route's error shape: the portal's `{ error: { code } }` JSON, or, for a
 * route with a format of its own (Open311), that format's errors list in JSON or XML.
 */
export function isRouteError(route: AnyRoute, answer: { contentType: string; body: unknown }): boolean {
  const format = route.format?.name;
  if (format === "open311-xml") {
    return answer.contentType.includes("xml") && /<errors><error><code>\d{3}<\/code>/.test(String(answer.body));
  }
  if (format === "open311-json") {
    const list = answer.body as { code?: unknown }[];
    return answer.contentType.includes("json") && Array.isArray(list) && typeof list[0]?.code === "number";
  }
  return answer.contentType.includes("json") && Boolean((answer.body as { error?: { code?: string } }).error?.code);
}
