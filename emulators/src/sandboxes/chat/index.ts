import express from "express";
import type { SandboxDefinition } from "../kit.ts";
import { WIDGET_SCRIPT } from "./widget.ts";

/**
 * The third-party chat assistant (spec 1 §1): a vendor host serving the script the portal loads
 * from `chatAssistantUrl` (runtime config). Its counters show which pages fetched it.
 */
export const chatSandbox: SandboxDefinition = {
  name: "chat",
  createApp: () => {
    const app = express();
    app.get("/widget.js", (_req, res) => {
      // A vendor script is served cross-origin and cached briefly, as CDNs do.
      res.set("Cache-Control", "public, max-age=300").type("text/javascript").send(WIDGET_SCRIPT);
    });
    return app;
  },
  // The browser loads the script; the functions never call this system.
  env: () => ({}),
};

/** Where the portal's runtime config points the chat-assistant loader locally. */
export const chatWidgetUrl = (baseUrl: string) => `${baseUrl}/widget.js`;
