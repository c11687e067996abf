// firebase.json's hosting predeploy (firebase deploy runs it in the project folder with GCLOUD_PROJECT
// set): builds the web app, then puts the project's runtime settings in place of the local ones.
// web/runtime-config.<project-id>.js holds them (Firebase web config, chat assistant, file box URLs:
// public values, not secrets); without it the deploy stops rather than ship the emulator settings.
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { build, root } from "./prepare.mjs";

const project = process.env.GCLOUD_PROJECT;
if (!project) {
  console.error("GCLOUD_PROJECT is not set: run this through firebase deploy.");
  process.exit(1);
}
const settings = join(root, "web", `runtime-config.${project}.js`);
if (!existsSync(settings)) {
  console.error(
    `✖ ${settings} is missing: copy web/public/runtime-config.js there and set the project's values ` +
      "(firebase web config, authEmulatorUrl: null, chatAssistantUrl, fileBox). See README, Deploy.",
  );
  process.exit(1);
}
build({ functions: false });
copyFileSync(settings, join(root, "web", "dist", "runtime-config.js"));
console.log(`Hosting: web/dist built, runtime-config.js from web/runtime-config.${project}.js`);
