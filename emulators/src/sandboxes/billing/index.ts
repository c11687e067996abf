import express from "express";
import { buildBillingSeed } from "../../seed/billing.ts";
import type { SandboxDefinition } from "../kit.ts";
import { accountRoutes } from "./account-routes.ts";
import { paymentRoutes } from "./payment-routes.ts";
import { permitRoutes } from "./permit-routes.ts";
import { createBillingStore, resetPayments } from "./store.ts";
import { ERROR_CODES, output } from "./wire.ts";

/** The key the local stack uses; the real one is a Firebase secret. */
export const BILLING_SANDBOX_API_KEY = "sandbox-naviline-key";

/**
 * Utility billing and permits ("Naviline"): JSON over HTTP under /naviline, every call
 * authorised by the X-NL-Api-Key header; answers wrapped in OutputParms with an ErrorCode.
 * Besides the kit's /__control routes it has POST /__sandbox/reset-payments.
 */
export const billingSandbox: SandboxDefinition = {
  name: "billing",
  createApp: ({ baseUrl }) => {
    const seed = buildBillingSeed();
    const store = createBillingStore(seed);
    const app = express();
    app.use(express.json());
    // Tests only: payments and autopay back to the seeded state (every stack test file starts so).
    app.post("/__sandbox/reset-payments", (_req, res) => {
      resetPayments(store, seed);
      res.json({ ok: true });
    });
    const api = express.Router();
    // Documents are opened by browsers, which hold no key: their URLs are signed instead.
    api.use((req, res, next) => {
      if (req.path.startsWith("/documents/") || req.get("x-nl-api-key") === BILLING_SANDBOX_API_KEY) return next();
      res.status(401).json(output("9401", {}, "NOT AUTHORIZED"));
    });
    api.use(accountRoutes(store, () => `${baseUrl()}/naviline`));
    api.use(paymentRoutes(store));
    api.use(permitRoutes(store));
    app.use("/naviline", api);
    return app;
  },
  env: (baseUrl) => ({ BILLING_BASE_URL: `${baseUrl}/naviline`, BILLING_API_KEY: BILLING_SANDBOX_API_KEY }),
  fail: (_req, res) => {
    res.status(500).json(output(ERROR_CODES.system, {}, "SYSTEM UNAVAILABLE - TRY AGAIN LATER"));
  },
};
