import { describe, expect, it } from "vitest";
import { splitByDuration } from "./duration-sequencer";

const file = (name: string) => ({ name });

describe("splitByDuration", () => {
  it("balances time, not file count: one long file against many short ones", () => {
    const files = ["long", "a", "b", "c", "d"].map(file);
    const shards = splitByDuration(files, { long: 400, a: 100, b: 100, c: 100, d: 100 }, 2);
    expect(shards.map((shard) => shard.map(({ name }) => name))).toEqual([["long"], ["a", "b", "c", "d"]]);
  });

  it("gives a file with no recorded time the median, and every file to exactly one shard", () => {
    const files = ["x", "y", "z", "new"].map(file);
    const shards = splitByDuration(files, { x: 10, y: 30, z: 50 }, 2);
    // new counts as 30 (the median). Longest first: z 50 → 1; new 30 → 2; y 30 → 2 (30 < 50); x 10 → 1 (50 < 60).
    expect(shards.map((shard) => shard.map(({ name }) => name))).toEqual([
      ["z", "x"],
      ["new", "y"],
    ]);
    expect(shards.flat()).toHaveLength(4);
  });

  it("is the same split whatever order the files come in (both shard processes must agree)", () => {
    const durations = { a: 5, b: 5, c: 5, d: 7 };
    const one = splitByDuration(["a", "b", "c", "d"].map(file), durations, 2);
    const other = splitByDuration(["d", "c", "b", "a"].map(file), durations, 2);
    expect(one).toEqual(other);
  });
});
