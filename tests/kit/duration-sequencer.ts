import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Splits the stack files into shards of about equal running time, not equal file count.
 *
 * Vitest's own `--shard` sorts the files by a hash of their path and cuts the list into equal counts, so
 * one stack could get most of the long browser journeys and finish minutes after the other
 * (`npm test` waits for both). The times come from `stack-durations.json` beside the stack config,
 * written from a run's JSON reports by `node scripts/stack-durations.mjs`; a file not in it (a new
 * test) counts as the median. Both shard processes compute the same split from the same inputs.
 */
export default class DurationSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const root = this.ctx.config.root;
    const durations = readDurations(`${root}/stack-durations.json`);
    const named = files.map((spec) => ({ spec, name: relative(root, spec.moduleId).replaceAll("\\", "/") }));
    return (splitByDuration(named, durations, count)[index - 1] ?? []).map(({ spec }) => spec);
  }
}

function readDurations(path: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Longest-processing-time-first: each file, longest first (ties by name, so every process agrees),
 * goes to the shard with the least time so far (ties to the lower shard). Pure, for its table test.
 */
export function splitByDuration<T extends { name: string }>(
  files: T[],
  durations: Record<string, number>,
  count: number,
): T[][] {
  const known = files.map(({ name }) => durations[name]).filter((seconds) => typeof seconds === "number");
  const sorted = [...known].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 1;
  const timed = files
    .map((file) => ({ file, seconds: durations[file.name] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || (a.file.name < b.file.name ? -1 : 1));
  const shards = Array.from({ length: count }, () => ({ seconds: 0, files: [] as T[] }));
  for (const { file, seconds } of timed) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.files.push(file);
    lightest.seconds += seconds;
  }
  return shards.map(({ files: shardFiles }) => shardFiles);
}
