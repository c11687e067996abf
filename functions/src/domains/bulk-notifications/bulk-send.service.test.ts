import { describe, expect, it } from "vitest";
import { inOrderPages } from "./bulk-send.service";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("inOrderPages (the in-app pages written a few at once)", () => {
  it("tells each page only pages that have all finished, whatever order they finish in", async () => {
    const finished = new Set<number>();
    const seen: { index: number; before: number }[] = [];
    let inFlight = 0;
    let most = 0;
    // Pages take uneven times, so later pages often finish before earlier ones.
    const delays = [30, 5, 1, 20, 2, 2, 25, 1, 3, 10, 1, 4];
    const allFinished = (upTo: number) =>
      Array.from({ length: upTo }, (_, page) => page).every((page) => finished.has(page));
    const done = await inOrderPages(delays.length, 4, undefined, async (index, finishedBefore) => {
      const before = finishedBefore();
      expect(allFinished(before), `pages before ${before}, at the start of ${index}`).toBe(true);
      seen.push({ index, before });
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(delays[index] as number);
      inFlight -= 1;
      // Asked again at its end (as a push page does to move its cursor): still only finished pages.
      expect(allFinished(finishedBefore()), `pages before ${finishedBefore()}, at the end of ${index}`).toBe(true);
      expect(finishedBefore()).toBeLessThanOrEqual(index);
      finished.add(index);
    });
    expect(done).toBe(delays.length);
    expect(seen.map((page) => page.index)).toEqual(delays.map((_, index) => index));
    expect(most).toBe(4);
    // Page 0 is slow: pages started while it ran were told no page had finished.
    expect(seen.find((page) => page.index === 4)?.before).toBe(0);
  });

  it("starts no page once stopped, and lets the pages under way finish", async () => {
    const stop = new AbortController();
    const started: number[] = [];
    const done = await inOrderPages(10, 3, stop.signal, async (index) => {
      started.push(index);
      if (index === 4) stop.abort();
      // Page 1 is still under way when the stop comes: it finishes, and it counts.
      await sleep(index === 1 ? 40 : 5);
    });
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(done).toBe(5);
  });

  it("answers the pages before a page that failed, and the failure", async () => {
    const finished: number[] = [];
    await expect(
      inOrderPages(6, 2, undefined, async (index) => {
        await sleep(index === 2 ? 15 : 1);
        if (index === 2) throw new Error("commit failed");
        finished.push(index);
      }),
    ).rejects.toThrow("commit failed");
    expect(finished).toContain(0);
    expect(finished).toContain(1);
  });
});
