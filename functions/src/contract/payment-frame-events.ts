/**
 * The messages the providers' hosted pages post to the window that embeds them, shared by the
 * payment connector, its sandbox and the SPA. Always check `event.origin` against the provider's origin.
 */

/** Legacy gateway card form: a one-time nonce the portal charges server-side. */
export const GATEWAY_MESSAGE_SOURCE = "card-gateway";
export type GatewayFrameMessage =
  | { source: typeof GATEWAY_MESSAGE_SOURCE; type: "nonce"; nonce: string; last4: string; cardType: string }
  | { source: typeof GATEWAY_MESSAGE_SOURCE; type: "height"; height: number };

/** CORE bill-pay and add-card frames. */
export const CORE_MESSAGE_SOURCE = "core-payments";
export const CORE_FRAME_EVENTS = [
  "overlayOn",
  "overlayOff",
  "paymentSubmit",
  "paymentSuccess",
  "paymentError",
  "height",
] as const;
export type CoreFrameMessage =
  | { source: typeof CORE_MESSAGE_SOURCE; type: "overlayOn" | "overlayOff" | "paymentSubmit" }
  /** Bill pay reports the transaction id; add-card reports the stored method's id. */
  | { source: typeof CORE_MESSAGE_SOURCE; type: "paymentSuccess"; transactionId?: string; paymentMethodId?: string }
  | { source: typeof CORE_MESSAGE_SOURCE; type: "paymentError"; message: string }
  | { source: typeof CORE_MESSAGE_SOURCE; type: "height"; height: number };
