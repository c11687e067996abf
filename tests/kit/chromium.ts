import { existsSync } from "node:fs";

/** Debian's full Chromium (this machine has no internet): Lighthouse measures the pages in it (`npm run bench`). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The tests' browser: Debian's `chromium-headless-shell`, the same Chromium build without the
 * full browser around it (what Playwright itself runs for headless tests). Measured on
 * `browser/home` (15 tests, one stack): the shell took 128 s and 100 s of CPU (user + sys, `time`),
 * the full browser 177 s and 119 s; the CI's two stacks are bound by CPU, so this shortens the run.
 * Falls back to the full browser where the shell is not installed.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

/** Headless, with no background traffic. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// One probe for a free port, the launcher's.
export { freePort } from "../../emulators/src/launcher/lock.ts";
