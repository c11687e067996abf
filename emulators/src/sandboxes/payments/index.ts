import express from "express";
import { SEEDED_USERS } from "../../seed/fixtures.ts";
import type { SandboxDefinition } from "../kit.ts";
import { TEST_CARDS } from "./cards.ts";
import { CORE_API_KEY, coreRoutes } from "./core-routes.ts";
import { GATEWAY_LOGIN_ID, GATEWAY_TRANSACTION_KEY, gatewayRoutes } from "./gateway-routes.ts";
import { createPaymentsState, isoExpiry, type PaymentsState } from "./state.ts";

/** The resident's gateway customer profile, found by ensureCustomerProfile(uid). */
export const SEEDED_GATEWAY_CUSTOMER_PROFILE_ID = "9000000000000001";

/** The seeded resident starts with a stored card at each provider, so the lists are not empty. */
function seedPayments(state: PaymentsState) {
  const resident = SEEDED_USERS.find((user) => user.key === "resident");
  if (!resident) return;
  const name = `${resident.firstName} ${resident.lastName}`;
  state.coreMethods.set(resident.uid, [
    { id: "7000000000000001", name, card_type: "Visa", accountnum: "****1111", expiration: "2039-12" },
  ]);
  const card = { cardNumber: TEST_CARDS.approves, expiry: "12/39", cvv: "123", postalCode: "60120", nameOnCard: name };
  state.customerProfiles.set(SEEDED_GATEWAY_CUSTOMER_PROFILE_ID, {
    merchantCustomerId: resident.uid,
    email: resident.email,
    profiles: [{ id: "9100000000000001", isDefault: true, card: { card, brand: "Visa" } }],
  });
}

/**
 * Card payments: the legacy gateway (Authorize.Net-like JSON under /gateway/v1, hosted card
 * form that posts a nonce) and the hosted provider "CORE" (Paymentus-like, under /core/v1).
 */
export const paymentsSandbox: SandboxDefinition = {
  name: "payments",
  createApp: ({ baseUrl, onReset }) => {
    const state = createPaymentsState();
    seedPayments(state);
    const app = express();
    app.use(express.json());
    // Tests only: approved charges are taken but their answers held back while `hold` is true (a
    // caller killed between the charge and its record); `held` is how many wait. Holding stops on reset.
    const releaseHeld = () => {
      state.holdChargeAnswers = false;
      for (const answer of state.heldChargeAnswers.splice(0)) answer();
    };
    onReset(releaseHeld);
    app.get("/__sandbox/charge-answers", (_req, res) => {
      res.json({ hold: state.holdChargeAnswers, held: state.heldChargeAnswers.length });
    });
    app.put("/__sandbox/charge-answers", (req, res) => {
      const { hold } = (req.body ?? {}) as { hold?: unknown };
      if (typeof hold !== "boolean") {
        res.status(400).json({ message: "hold: boolean" });
        return;
      }
      if (hold) state.holdChargeAnswers = true;
      else releaseHeld();
      res.json({ hold: state.holdChargeAnswers, held: state.heldChargeAnswers.length });
    });
    // Tests only: a stored card's expiry moved (MM/YY, past allowed), as if it had been saved
    // years ago; the hosted forms refuse an expired card, so this is how one comes to be on file.
    app.put("/__sandbox/card-expiry", (req, res) => {
      const { paymentMethodId, expiry } = (req.body ?? {}) as { paymentMethodId?: unknown; expiry?: unknown };
      if (typeof expiry !== "string" || !/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) {
        res.status(400).json({ message: "expiry MM/YY" });
        return;
      }
      const profile = [...state.customerProfiles.values()]
        .flatMap((customer) => customer.profiles)
        .find((candidate) => candidate.id === paymentMethodId && candidate.card);
      if (profile?.card) profile.card.card.expiry = expiry;
      const method = [...state.coreMethods.values()].flat().find((candidate) => candidate.id === paymentMethodId);
      if (method) method.expiration = isoExpiry(expiry);
      if (!profile && !method) {
        res.status(404).json({ message: "No such stored card" });
        return;
      }
      res.json({ ok: true });
    });
    app.use("/gateway/v1", gatewayRoutes(state));
    app.use("/core/v1", coreRoutes(state, baseUrl));
    return app;
  },
  env: (baseUrl) => ({
    PAYMENTS_GATEWAY_URL: `${baseUrl}/gateway/v1`,
    PAYMENTS_GATEWAY_LOGIN_ID: GATEWAY_LOGIN_ID,
    PAYMENTS_GATEWAY_TRANSACTION_KEY: GATEWAY_TRANSACTION_KEY,
    CORE_BASE_URL: `${baseUrl}/core/v1`,
    CORE_API_KEY,
  }),
  fail: (req, res) => {
    if (req.path.startsWith("/gateway")) {
      res.status(503).json({
        messages: {
          resultCode: "Error",
          message: [{ code: "E00001", text: "An error occurred during processing. Please try again." }],
        },
      });
    } else {
      res.status(503).json({ code: "SERVICE_UNAVAILABLE", message: "Service temporarily unavailable" });
    }
  },
};
