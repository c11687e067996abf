// GET /api/lpiPayment/:activityId, POST /api/paymentLPI
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { ZCrmRecordId } from "../../contract/ids";
import { type LpiBill, type PaymentResult, paymentCodeGroup, ZLpiPaymentInput } from "../../contract/payment";
import { ConnectorError } from "../../platform/connector-error";
import { ApiError, badRequest, conflict, notFound } from "../../platform/http/api-error";
import { organizationRole, type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { requireLpiEnabled } from "./lpi.service";
import { feeLinesOf, feeReferenceOf, paidFeeOf } from "./paid-fees.service";
import { chargeSource, payOnce } from "./payment.service";
import { PAYMENT_THROTTLES } from "./submit.routes";

interface LpiRecord {
  Id: string;
  Name?: string;
  Contact__c?: string | null;
  Account__c?: string | null;
  Application_Name__c?: string | null;
  Payment_Amount__c?: number | null;
  Payment_Required__c?: boolean | null;
}

/**
 * The caller's own late-payment-interest application, or their organization's (spec 2: only for
 * the caller's own or their organization's activity); anything else is not found.
 */
async function ownLpiBill(caller: Principal, activityId: string): Promise<LpiBill & { applicationId: string }> {
  let record: LpiRecord;
  try {
    record = await crmConnector().retrieve<LpiRecord & Record<string, unknown>>("LPI_Application__c", activityId);
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "not_found") {
      throw notFound("No such application of yours.");
    }
    throw error;
  }
  const own = Boolean(caller.salesforceId) && record.Contact__c === caller.salesforceId;
  const organization = !own && record.Account__c ? await organizationRole(caller.uid, record.Account__c) : null;
  if (!own && !organization) throw notFound("No such application of yours.");
  const feeCents = Math.round(Number(record.Payment_Amount__c ?? 0) * 100);
  const applicationNumber = record.Name ?? record.Id;
  const [lines, paid] = await Promise.all([
    feeLinesOf(record.Id),
    paidFeeOf("LPI_Application__c", record.Id, caller.uid),
  ]);
  return {
    applicationId: record.Id,
    accountNumber: applicationNumber,
    amountCents: record.Payment_Required__c === false || paid ? 0 : feeCents,
    // The CRM's itemization (Fee_Line__c); an application filed without lines is one line of its fee.
    itemizedBill:
      lines.length > 0
        ? lines
        : [{ applicationNumber, applicationName: record.Application_Name__c ?? "", applicationFeeCents: feeCents }],
    paid,
  };
}

export const lpiPaymentRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/lpiPayment/:activityId",
    access: "onboarded",
    summary: "The itemized bill of the caller's (or their organization's) late-payment-interest application",
    params: z.object({ activityId: ZCrmRecordId }),
    example: { params: { activityId: "a0L000000000001AAA" } },
    handler: async ({ params, user }): Promise<LpiBill> => {
      await requireLpiEnabled();
      const { applicationId: _, ...bill } = await ownLpiBill(requireUser(user), params.activityId);
      return bill;
    },
  }),
  route({
    method: "POST",
    path: "/api/paymentLPI",
    access: "onboarded",
    summary: "Pays a late-payment-interest application once per Idempotency-Key; the amount is the CRM's",
    body: ZLpiPaymentInput,
    throttle: PAYMENT_THROTTLES,
    example: { body: { nonce: "eyJub25jZSI6bm90LWEtbm9uY2U", amountCents: 2500, activityId: "a0L000000000001AAA" } },
    handler: async ({ body, user, req, log }): Promise<PaymentResult> => {
      const caller = requireUser(user);
      // Refused before any claim, as bill pay during maintenance is.
      await requireLpiEnabled();
      return payOnce({
        req,
        uid: caller.uid,
        path: "/api/paymentLPI",
        body,
        claim: { paymentType: "LPI", accountNumber: body.activityId, amountCents: body.amountCents },
        log,
        plan: async () => {
          const bill = await ownLpiBill(caller, body.activityId);
          if (bill.paid) throw conflict("This bill is paid already.");
          if (bill.amountCents < 1) throw new ApiError("rejected", "Nothing is due on this application.");
          if (body.amountCents !== bill.amountCents) {
            throw badRequest("The amount is not the application's fee.", { amountCents: "Invalid" });
          }
          return {
            paymentType: "LPI",
            codeGroup: paymentCodeGroup("LPI", "LPIFEE"),
            accountNumber: bill.accountNumber,
            amountCents: bill.amountCents,
            description: `Late payment interest ${bill.accountNumber}`,
            // Paid once: of attempts started at once (two tabs, a key each) one charges; once
            // charged the CRM record is marked paid, so its bill shows nothing due.
            reference: feeReferenceOf("LPI_Application__c", bill.applicationId),
            markPaid: { type: "LPI_Application__c", id: bill.applicationId },
            source: await chargeSource(body, caller),
            postTo: null,
          };
        },
      });
    },
  }),
];
