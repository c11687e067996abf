import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, TEST_PORT_OFFSET } from "../kit/stack-info.ts";

/** Runs a second launcher (quiet) with these extra environment variables and waits for it to exit. */
function launch(env: Record<string, string>) {
  return spawnSync(
    process.execPath,
    [
      join(repoRoot, "node_modules", "tsx", "dist", "cli.mjs"),
      join(repoRoot, "emulators", "src", "launcher", "main.ts"),
      "--quiet",
    ],
    { cwd: repoRoot, env: { ...process.env, ...env }, encoding: "utf8", timeout: 30_000 },
  );
}

describe("launcher", () => {
  it("a second start on the same ports says the portal is running and exits", () => {
    const second = launch({ PORTAL_PORT_OFFSET: String(TEST_PORT_OFFSET) });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/already running .* at http:\/\/127\.0\.0\.1:\d+/);
  });

  it("refuses to start when one of its ports is taken by another program, naming the port", () => {
    // The test stack holds these ports; a launcher without a stack record sees them as busy.
    const other = launch({
      PORTAL_PORT_OFFSET: String(TEST_PORT_OFFSET + 1),
      PORTAL_PORT_AUTH: String(9099 + TEST_PORT_OFFSET),
    });
    expect(other.status).toBe(1);
    expect(other.stderr).toContain(`auth (${9099 + TEST_PORT_OFFSET})`);
  });
});
