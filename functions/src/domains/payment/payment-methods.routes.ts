// GET /api/payment-methods?userId=
import { z } from "zod";
import type { PaymentProfile } from "../../contract/payment-methods";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { paymentProfilesOf } from "./payment-methods.service";

const ZUserIdQuery = z.object({ userId: z.string().min(1).max(128) });

/** Saved legacy payment profiles (spec 2 §7 /payment-methods). */
export const paymentMethodsRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/payment-methods",
    access: "onboarded",
    summary: "The caller's saved payment profiles at the card gateway, the default one marked and first",
    query: ZUserIdQuery,
    owner: { in: "query", field: "userId" },
    example: { query: { userId: "{uid}" } },
    handler: async ({ user }): Promise<PaymentProfile[]> => paymentProfilesOf(requireUser(user)),
  }),
];
