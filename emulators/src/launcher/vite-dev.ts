import { spawn } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./stack-files.ts";

/** `npm run dev`: Vite's dev server with hot reload, proxying /api to the running stack's Hosting. */
export function startViteDevServer(portalUrl: string, say: (message: string) => void): () => Promise<void> {
  const vite = spawn(process.execPath, [join(repoRoot, "node_modules", "vite", "bin", "vite.js")], {
    cwd: join(repoRoot, "web"),
    env: { ...process.env, PORTAL_DEV_API: portalUrl },
    stdio: "inherit",
  });
  say("Dev server (hot reload): http://127.0.0.1:5173");
  return async () => {
    if (vite.exitCode === null) vite.kill("SIGTERM");
  };
}
