// POST /api/console/people/:id/payment-links
// POST /api/payment-links/:token/use
import { ZDocumentIdParams } from "../../contract/ids";
import {
  PAYMENT_LINK_TTL_HOURS,
  type PaymentLinkSent,
  type PaymentLinkUse,
  paymentLinkNumber,
  ZPaymentLinkBody,
  ZPaymentLinkToken,
} from "../../contract/payment-links";
import { createPaymentLink, setPaymentLinkMessage } from "../../data/payment-links";
import { readUser } from "../../data/users";
import { ApiError, conflict, notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
import { sendMessage } from "../messages/message.service";
import { continuePaymentLink } from "./payment-links.service";

/** A person is sent a few links a day; this stops a script flooding one inbox or phone. */
const SEND_THROTTLE: ThrottleRule[] = [
  { name: "payment-link-send", key: { in: "params", field: "id" }, limit: 10, windowSeconds: 3600 },
];
/** Tokens are 192 random bits; this still bounds guessing: only misses (a 4xx) count. */
const USE_THROTTLE: ThrottleRule[] = [
  { name: "payment-link-use", key: "client", limit: 30, windowSeconds: 3600, counts: "failures" },
];

/** E.164 of a US number as the portal stores it ("(847) 555-0101"), or null. */
function e164(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

export const paymentLinkRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/console/people/:id/payment-links",
    access: "staff",
    params: ZDocumentIdParams,
    body: ZPaymentLinkBody,
    throttle: SEND_THROTTLE,
    summary:
      "Console: sends the person a single-use link to pay a water bill, a permit fee or a form fee, by email or text (expires in 72 hours)",
    example: {
      params: { id: "{otherUid}" },
      body: { item: { paymentType: "UTILITY", accountNumber: "1001234-01" }, channel: "email" },
    },
    audit: {
      action: "console.assist.payment-link",
      person: { in: "params", field: "id" },
      subject: ({ body }) => {
        const { item, channel } = body as { item: { paymentType: string }; channel: string };
        return `${item.paymentType} by ${channel}`;
      },
      after: ({ body }, result) => ({ ...(body as object), ...(result as object) }),
    },
    handler: async ({ params, body, user }): Promise<PaymentLinkSent> => {
      const principal = requireUser(user);
      const assistedBy = principal.email ?? principal.uid;
      const person = await readUser(params.id);
      if (!person) throw notFound("No such person.");
      const to =
        body.channel === "email"
          ? { uid: params.id, email: person.Email ?? null }
          : { uid: params.id, phone: e164(person.textPhone ?? null) };
      if (body.channel === "email" && !to.email) throw conflict("This person has no email address.");
      if (body.channel === "sms" && !to.phone) throw conflict("This person has no confirmed phone for texts.");
      const expiresAt = new Date(Date.now() + PAYMENT_LINK_TTL_HOURS * 3600_000);
      const { token, id } = await createPaymentLink({
        uid: params.id,
        item: body.item,
        channel: body.channel,
        createdBy: assistedBy,
        expiresAt,
      });
      const link = new URL(`/pay/${token}`, portalOrigin()).toString();
      const sent = await sendMessage(
        to,
        "paymentLink",
        {
          paymentType: body.item.paymentType,
          accountNumber: paymentLinkNumber(body.item),
          link,
          expiresAt: expiresAt.toISOString(),
        },
        body.channel,
        { id: `payment-link-${id.slice(0, 32)}`, deliverNow: true },
      );
      await setPaymentLinkMessage(id, sent.id);
      if (sent.status === "failed" || sent.status === "bounced" || sent.status === "opted_out") {
        throw new ApiError("rejected", `The link was not sent: ${sent.reason ?? sent.status}`);
      }
      return {
        linkId: id.slice(0, 12),
        messageId: sent.id,
        status: sent.status,
        expiresAt: expiresAt.toISOString(),
        assistedBy,
      };
    },
  }),

  route({
    method: "POST",
    path: "/api/payment-links/:token/use",
    access: "public",
    params: ZPaymentLinkToken,
    throttle: USE_THROTTLE,
    summary:
      "Continue on a payment link: answers the /payment address for its item until the item is paid (its one use); a paid or expired link is refused",
    example: { params: { token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } },
    handler: async ({ params }): Promise<PaymentLinkUse> => {
      const outcome = await continuePaymentLink(params.token);
      if (outcome.status === "open") return { path: outcome.path };
      if (outcome.status === "already-used") throw conflict("This payment link was used already.");
      if (outcome.status === "expired") throw new ApiError("rejected", "This payment link has expired.");
      throw notFound("No such payment link.");
    },
  }),
];
