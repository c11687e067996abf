/** Debian's Chromium (this machine has no internet). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
