// POST /api/core/payment-methods/mobile-code, POST /api/core/payment-methods/mobile-iframe
import { z } from "zod";
import { claimMobileCardCode, issueMobileCardCode } from "../../data/mobile-card-codes";
import { ApiError } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { addCardFrameSession } from "./payment-methods.routes";

/** How long the mobile app has to open the page after asking for a code. */
export const MOBILE_CARD_CODE_LIFETIME_MS = 5 * 60_000;
const FIFTEEN_MINUTES = 15 * 60;

/**
 * The mobile app opens /add-stored-payment-mobile top-level in a WebView, without a portal session.
 * Signed in with its own ID token, it asks for a short-lived single-use code and opens the page with
 * it; the page trades the code for a session of the provider's add-card frame for that user. The
 * ID token never travels in a URL, and a link that leaks (history, logs) is worthless after one use
 * or five minutes.
 */
export const mobileCardRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/core/payment-methods/mobile-code",
    access: "onboarded",
    summary: "A single-use code, valid 5 minutes, for the mobile app to open /add-stored-payment-mobile",
    throttle: [{ name: "mobile-card-code", key: "caller", limit: 30, windowSeconds: 60 * 60 }],
    example: {},
    handler: async ({ user }): Promise<{ code: string; expiresAt: string; path: string }> => {
      const { code, expiresAt } = await issueMobileCardCode(requireUser(user).uid, MOBILE_CARD_CODE_LIFETIME_MS);
      return {
        code,
        expiresAt: expiresAt.toISOString(),
        path: `/add-stored-payment-mobile?code=${encodeURIComponent(code)}`,
      };
    },
  }),
  route({
    method: "POST",
    path: "/api/core/payment-methods/mobile-iframe",
    access: "public",
    summary: "Uses a mobile code once: a session of the hosted add-card frame for the user it was issued to",
    body: z.object({
      code: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: "Invalid" }),
      english: z.boolean().optional(),
    }),
    throttle: [
      { name: "mobile-card-exchange", key: "client", limit: 120, windowSeconds: FIFTEEN_MINUTES },
      {
        name: "mobile-card-exchange-misses",
        key: "client",
        limit: 30,
        windowSeconds: FIFTEEN_MINUTES,
        counts: "failures",
      },
    ],
    // An unknown code: 422 for everyone who reaches the route.
    example: { body: { code: "unknown-code-000000000000" } },
    handler: async ({ body }): Promise<{ iframeUrl: string }> => {
      const userId = await claimMobileCardCode(body.code);
      if (!userId) throw new ApiError("rejected", "This link has expired or was used already.");
      return addCardFrameSession(userId, body.english !== false);
    },
  }),
];
