import { describe, expect, it } from "vitest";
import { PromiseCache } from "./cache";

describe("PromiseCache", () => {
  it("serves a value while younger than the TTL, then loads again", async () => {
    let time = 5_000;
    let loads = 0;
    const cache = new PromiseCache<string, number>({ ttlMs: 1000, now: () => time });
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    time += 999;
    expect(await cache.get("a", load)).toBe(1);
    time += 1;
    expect(await cache.get("a", load)).toBe(2);
  });

  it("shares one load between concurrent callers and forgets a failed one", async () => {
    let loads = 0;
    const cache = new PromiseCache<string, number>({ ttlMs: 60_000 });
    const failing = async () => {
      loads++;
      throw new Error("down");
    };
    const results = await Promise.allSettled([cache.get("k", failing), cache.get("k", failing)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(loads).toBe(1);
    expect(await cache.get("k", async () => 7)).toBe(7);
  });

  it("keeps at most max entries and drops entries by key", async () => {
    const cache = new PromiseCache<string, string>({ ttlMs: 60_000, max: 2 });
    for (const key of ["u1|a", "u1|b", "u2|a"]) await cache.get(key, async () => key);
    expect(cache.peek("u1|a")).toBeUndefined();
    cache.deleteWhere((key) => key.startsWith("u1|"));
    expect(cache.peek("u1|b")).toBeUndefined();
    expect(await cache.peek("u2|a")?.value).toBe("u2|a");
  });
});
