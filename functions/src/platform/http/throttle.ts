import { createHash } from "node:crypto";
import { createSlot, takenSlotCount, takenSlots } from "../../data/throttles";
import { RateLimitedError } from "./api-error";
import { addressBlock } from "./client-address";
import type { ThrottleRule } from "./route";

/** Where throttle slots live (data/throttles.ts); a Firestore TTL policy on `expiresAt` clears old windows. */
export const THROTTLE_COLLECTION = "throttles";

/** A taken slot of one rule's window; a `failures` rule gives it back when the request succeeds. */
export interface ThrottleSlot {
  rule: ThrottleRule;
  release(): Promise<void>;
}

/**
 * The budget a request counts against for one rule: the caller (their client address when
 * nobody is signed in), the client address (an IPv6 one by its /64: `addressBlock`), or the input
 * field without spaces and case (null when the request has no such field: the rule does not apply).
 */
export function throttleKey(
  rule: ThrottleRule,
  request: { uid: string | null; clientAddress: string | null; input: Record<string, unknown> },
): string | null {
  if (rule.key === "caller" && request.uid) return `user:${request.uid}`;
  if (rule.key === "caller" || rule.key === "client") {
    return `client:${request.clientAddress ? addressBlock(request.clientAddress) : "unknown"}`;
  }
  const part = request.input[rule.key.in];
  const value = part && typeof part === "object" ? (part as Record<string, unknown>)[rule.key.field] : undefined;
  if (value === undefined || value === null || value === "") return null;
  const text = String(value).replace(/\s+/g, "").toLowerCase();
  return `field:${rule.key.normalize ? rule.key.normalize(text) : text}`;
}

/** The window's bucket id: the key is hashed, so ids are safe and no account number or email is stored. */
export function throttleBucket(rule: ThrottleRule, key: string, now: number): { bucket: string; windowEnd: number } {
  const windowMs = rule.windowSeconds * 1000;
  const windowIndex = Math.floor(now / windowMs);
  const digest = createHash("sha256").update(`${rule.name}\n${key}`).digest("hex").slice(0, 32);
  return { bucket: `${rule.name}_${digest}_${windowIndex}`, windowEnd: (windowIndex + 1) * windowMs };
}

/**
 * Takes one of the `limit` slots of the key's current window, or throws 429.
 *
 * Each slot is its own document created with `create()`, which refuses an existing one: two
 * concurrent requests can never both take the last slot. A count aggregate says where to start
 * looking, so a request usually needs one aggregate and one create. Not one window document whose
 * count a transaction raises: concurrent requests of one window (a page's burst against a rule
 * several routes share, such as the map layers') would contend for that document. Measured on the
 * Cloud Firestore emulator: one such transaction 50 ms, two at once 2.4-3.7 s (one waits for the
 * other's lock, then retries), 20 at once 12.9 s, against 0.5 s for 20 on 20 different windows.
 */
export async function takeThrottleSlot(rule: ThrottleRule, key: string, now = Date.now()): Promise<ThrottleSlot> {
  const { bucket, windowEnd } = throttleBucket(rule, key, now);
  const tryCreate = async (slot: number): Promise<ThrottleSlot | null> => {
    const release = await createSlot(bucket, rule.name, slot, now, windowEnd);
    return release ? { rule, release } : null;
  };

  const used = await takenSlotCount(bucket);
  for (let slot = used; slot < rule.limit; slot++) {
    const taken = await tryCreate(slot);
    if (taken) return taken;
  }
  // Slots given back by a `failures` rule leave gaps below the count.
  if (used < rule.limit) {
    const busy = await takenSlots(bucket);
    for (let slot = 0; slot < rule.limit; slot++) {
      if (busy.has(slot)) continue;
      const taken = await tryCreate(slot);
      if (taken) return taken;
    }
  }
  throw new RateLimitedError(Math.max(1, Math.ceil((windowEnd - now) / 1000)));
}
