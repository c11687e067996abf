import { z } from "zod";

/**
 * Open311 API keys (issue 30): other apps (FixMyStreet, SeeClickFix, phone apps) file reports through
 * the portal's Open311 endpoint with a key an admin created. Shared by the admin page and its API.
 */

/** Requests one key may file per hour unless the admin sets another limit. */
export const OPEN311_KEY_DEFAULT_LIMIT = 100;
export const OPEN311_KEY_MAX_LIMIT = 10_000;

/** POST /api/open311-keys: the app's name and its hourly limit. */
export const ZOpen311KeyCreate = z.object({
  name: z.string().trim().min(1, { message: "Required" }).max(80, { message: "Invalid" }),
  limitPerHour: z.coerce
    .number({ message: "Invalid" })
    .int({ message: "Invalid" })
    .min(1, { message: "Invalid" })
    .max(OPEN311_KEY_MAX_LIMIT, { message: "Invalid" }),
});
export type Open311KeyCreate = z.output<typeof ZOpen311KeyCreate>;

/** A key as the admin page lists it: never the key itself, which is shown once when created. */
export interface Open311KeySummary {
  id: string;
  name: string;
  limitPerHour: number;
  /** The key's first characters, so an admin can tell keys apart. */
  prefix: string;
  createdAt: string | null;
  revokedAt: string | null;
}

/** The answer of creating a key: the key, shown once. */
export interface Open311KeyCreated extends Open311KeySummary {
  key: string;
}

/** DELETE /api/open311-keys/:id */
export const ZOpen311KeyParams = z.object({ id: z.string().regex(/^[a-f0-9]{64}$/, { message: "Invalid" }) });

/**
 * The key the local seed stores (emulators/src/seed), so the access matrix and the stack tests can
 * file requests. Valid only where that seed ran: production's keys are made on the admin page, and
 * this one's hash is never stored there.
 */
export const OPEN311_SEEDED_DEMO_KEY = "o311_local-demo-key-for-the-seeded-stack-only";
