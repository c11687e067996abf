// npm start: install what is missing, build, then run the whole portal locally (emulators/src/launcher).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { build, installIfNeeded, root } from "./prepare.mjs";

const args = process.argv.slice(2);
installIfNeeded();
if (!args.includes("--no-build")) build();

const launcher = spawn(
  process.execPath,
  [
    join(root, "node_modules", "tsx", "dist", "cli.mjs"),
    join(root, "emulators", "src", "launcher", "main.ts"),
    ...args,
  ],
  { cwd: root, stdio: "inherit" },
);
// Ctrl-C reaches the launcher through the terminal's process group; it stops its children itself.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => launcher.kill(signal));
launcher.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
