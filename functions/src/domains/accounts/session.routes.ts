// GET /api/record-session
import { ZRecordSessionQuery } from "../../contract/auth-forms";
import { recordUserEvent } from "../../data/user-events";
import { clientAddress } from "../../platform/http/client-address";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";

export const sessionRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/record-session",
    access: "signedIn",
    query: ZRecordSessionQuery,
    throttle: [{ name: "record-session", key: "caller", limit: 60, windowSeconds: 3600 }],
    example: { query: { platform: "web", ipAddress: "203.0.113.10", isLoggingIn: "false" } },
    summary: "Stores a UserSession or UserLogin event for the admin user view (spec 1 §4)",
    handler: async ({ query, user, req }) => {
      const principal = requireUser(user);
      const event = query.isLoggingIn === "true" ? "UserLogin" : "UserSession";
      const id = await recordUserEvent({
        UserId: principal.uid,
        Event: event,
        // The browser's own lookup (query.ipAddress) is only a claim: the admin view shows where
        // the request really came from.
        ipAddress: clientAddress(req),
        platform: query.platform,
        userAgent: (req.header("user-agent") ?? "").slice(0, 512),
      });
      return { Id: id, Event: event };
    },
  }),
];
