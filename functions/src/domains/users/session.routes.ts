// GET /api/record-session
import { isIP } from "node:net";
import type { Request } from "firebase-functions/v2/https";
import { ZRecordSessionQuery } from "../../contract/auth-forms";
import { recordUserEvent } from "../../data/user-events";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";

/**
 * The address the request came from: Hosting and Cloud Functions put the client first in
 * X-Forwarded-For. Used when the browser's own IP lookup gave nothing.
 */
export function requestIp(req: Pick<Request, "header" | "ip" | "socket">): string | null {
  const candidates = [req.header("x-forwarded-for")?.split(",")[0], req.ip, req.socket?.remoteAddress];
  for (const candidate of candidates) {
    const address = candidate?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
    if (address && isIP(address)) return address;
  }
  return null;
}

export const sessionRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/record-session",
    access: "signedIn",
    query: ZRecordSessionQuery,
    example: { query: { platform: "web", ipAddress: "203.0.113.10", isLoggingIn: "false" } },
    summary: "Stores a UserSession or UserLogin event for the admin user view (spec 1 §4)",
    handler: async ({ query, user, req }) => {
      const principal = requireUser(user);
      const event = query.isLoggingIn === "true" ? "UserLogin" : "UserSession";
      const id = await recordUserEvent({
        UserId: principal.uid,
        Event: event,
        ipAddress: query.ipAddress || requestIp(req),
        platform: query.platform,
        userAgent: (req.header("user-agent") ?? "").slice(0, 512),
      });
      return { Id: id, Event: event };
    },
  }),
];
