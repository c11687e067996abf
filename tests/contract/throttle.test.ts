import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIRESTORE_START_TIMEOUT_MS,
  firestoreEmulatorFor,
} from "../../functions/src/data/__tests__/firestore-emulator.ts";
import { RateLimitedError } from "../../functions/src/platform/http/api-error.ts";
import type { ThrottleRule } from "../../functions/src/platform/http/route.ts";
import { takeThrottleSlot, throttleBucket } from "../../functions/src/platform/http/throttle.ts";

let firestore: Firestore;
let app: ReturnType<typeof initializeApp>;

beforeAll(async () => {
  await firestoreEmulatorFor("demo-throttle-test");
  // The product's data layer (platform/firebase.ts) takes the process's first app.
  app = initializeApp({ projectId: "demo-throttle-test" });
  firestore = getFirestore(app);
}, FIRESTORE_START_TIMEOUT_MS);

afterAll(async () => {
  await deleteApp(app);
});

const rule = (name: string, limit: number, counts?: "failures"): ThrottleRule => ({
  name,
  key: "caller",
  limit,
  windowSeconds: 3600,
  counts,
});

describe("throttle slots on the Cloud Firestore emulator", () => {
  it("lets exactly `limit` of 20 concurrent requests through, then answers with the window's Retry-After", async () => {
    const limit = 5;
    const now = Date.UTC(2026, 10, 23, 7, 15, 0);
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () => takeThrottleSlot(rule("burst", limit), "user:a", now)),
    );
    const passed = attempts.filter((attempt) => attempt.status === "fulfilled");
    const refused = attempts.filter((attempt) => attempt.status === "rejected");
    expect(passed).toHaveLength(limit);
    expect(refused).toHaveLength(20 - limit);
    for (const attempt of refused) {
      const reason = (attempt as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(RateLimitedError);
      // 07:15 in an hourly window: 45 minutes left.
      expect((reason as RateLimitedError).retryAfterSeconds).toBe(45 * 60);
      expect((reason as RateLimitedError).status).toBe(429);
    }
  });

  it("keeps keys and windows apart", async () => {
    const now = Date.UTC(2026, 10, 23, 7, 0, 0);
    await takeThrottleSlot(rule("apart", 1), "user:a", now);
    await expect(takeThrottleSlot(rule("apart", 1), "user:a", now)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(takeThrottleSlot(rule("apart", 1), "user:b", now)).resolves.toBeDefined();
    await expect(takeThrottleSlot(rule("apart", 1), "user:a", now + 3600_000)).resolves.toBeDefined();
  });

  it("a slot given back (a correct guess) can be taken again, also below the count", async () => {
    const now = Date.UTC(2026, 10, 23, 8, 0, 0);
    const counted = rule("guesses", 3, "failures");
    const first = await takeThrottleSlot(counted, "acct:1", now);
    await takeThrottleSlot(counted, "acct:1", now);
    await takeThrottleSlot(counted, "acct:1", now);
    await expect(takeThrottleSlot(counted, "acct:1", now)).rejects.toBeInstanceOf(RateLimitedError);
    await first.release();
    await expect(takeThrottleSlot(counted, "acct:1", now)).resolves.toBeDefined();
    await expect(takeThrottleSlot(counted, "acct:1", now)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("stores a hash of the key, never the key itself", async () => {
    const now = Date.UTC(2026, 10, 23, 9, 0, 0);
    await takeThrottleSlot(rule("private", 2), "field:000123456-001", now);
    const { bucket } = throttleBucket(rule("private", 2), "field:000123456-001", now);
    const stored = await firestore.collection("throttles").where("bucket", "==", bucket).get();
    expect(stored.size).toBe(1);
    expect(JSON.stringify(stored.docs[0]?.data())).not.toContain("000123456");
    expect(stored.docs[0]?.id).not.toContain("000123456");
  });
});
