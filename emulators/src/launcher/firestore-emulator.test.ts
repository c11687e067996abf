import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findFirestoreEmulator } from "./firestore-emulator.ts";
import { repoRoot } from "./stack-files.ts";

/** Running (a zombie waiting for whoever adopted it counts as gone). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

describe("findFirestoreEmulator", () => {
  it("takes FIRESTORE_EMULATOR_BINARY_PATH first, and says how to get the emulator when it is wrong", () => {
    const dir = mkdtempSync(join(tmpdir(), "fs-emu-"));
    writeFileSync(join(dir, "cloud-firestore-emulator.jar"), "");
    expect(findFirestoreEmulator({ FIRESTORE_EMULATOR_BINARY_PATH: join(dir, "cloud_firestore_emulator") })).toBe(
      join(dir, "cloud-firestore-emulator.jar"),
    );
    expect(() => findFirestoreEmulator({ FIRESTORE_EMULATOR_BINARY_PATH: join(dir, "nothing.jar") })).toThrow(
      /google-cloud-cli-firestore-emulator[\s\S]*setup:emulators:firestore/,
    );
  });

  it("then the newest jar of firebase-tools' emulator cache", () => {
    const cache = mkdtempSync(join(tmpdir(), "fs-cache-"));
    mkdirSync(cache, { recursive: true });
    for (const version of ["1.9.0", "1.22.0", "1.19.9"]) {
      writeFileSync(join(cache, `cloud-firestore-emulator-v${version}.jar`), "");
    }
    expect(findFirestoreEmulator({ FIREBASE_EMULATORS_PATH: cache })).toBe(
      join(cache, "cloud-firestore-emulator-v1.22.0.jar"),
    );
  });
});

describe("startFirestoreEmulator", () => {
  it("leaves no JVM behind when the process that started it is killed (SIGKILL: no exit handler runs)", async () => {
    // A parent that starts the emulator, prints the JVM's pid once it answers, and waits.
    const script = `
      import { startFirestoreEmulator } from ${JSON.stringify(join(import.meta.dirname, "firestore-emulator.ts"))};
      import { freePort } from ${JSON.stringify(join(import.meta.dirname, "lock.ts"))};
      const emulator = startFirestoreEmulator({ port: await freePort() });
      await emulator.ready;
      console.log("jvm " + emulator.child.pid);
      setInterval(() => undefined, 1000);
    `;
    const file = join(mkdtempSync(join(tmpdir(), "fs-parent-")), "parent.mts");
    writeFileSync(file, script);
    // Node itself with tsx as a loader: tsx's CLI would run the script in a child of its own.
    const parent = spawn(process.execPath, ["--import", "tsx", file], {
      cwd: repoRoot,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const jvm = await new Promise<number>((resolve, reject) => {
      let output = "";
      parent.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /jvm (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      parent.once("exit", (code) => reject(new Error(`the parent exited (${code}) before the emulator answered`)));
    });
    expect(alive(jvm)).toBe(true);
    parent.kill("SIGKILL");
    const deadline = Date.now() + 10_000;
    while (alive(jvm) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(jvm)).toBe(false);
  }, 120_000);
});
