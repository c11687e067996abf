import { describe, expect, it } from "vitest";
import { oneRunPerKey } from "./one-run-per-key";

describe("oneRunPerKey", () => {
  it("answers the run under way for its key, and starts anew once it ended", async () => {
    const started: string[] = [];
    const release: (() => void)[] = [];
    const run = oneRunPerKey((key: string, label: string) => {
      started.push(`${key}:${label}`);
      return new Promise<void>((resolve) => release.push(resolve));
    });
    const first = run("a", "first");
    expect(run("a", "again")).toBe(first);
    const other = run("b", "other");
    expect(started).toEqual(["a:first", "b:other"]);
    for (const done of release.splice(0)) done();
    await Promise.all([first, other]);
    const later = run("a", "later");
    expect(later).not.toBe(first);
    for (const done of release.splice(0)) done();
    await later;
    expect(started).toEqual(["a:first", "b:other", "a:later"]);
  });
});
