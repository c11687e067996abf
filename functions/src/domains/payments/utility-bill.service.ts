import { billingConnector } from "../../connectors/billing/connection";
import { normalizeCustomerId } from "../../contract/billing-account";
import { MINIMUM_PAYMENT_CENTS } from "../../contract/payment";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { membershipsOf } from "../../data/org-members";
import { badRequest, notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import { billReference, type ChargePlan } from "./payment.service";

/** A water account as the billing system names it. */
export type WaterAccount = { customerId: string; locationId: string };

/**
 * A utility bill, whichever way it is paid (the card form, the hosted frame, a card staff take by
 * phone in the console): the account must exist; the amount is at least what is due and $1 (spec 2
 * §5); paid once per account and billing cycle (the last bill's due date names the cycle), with "Pay
 * again?". `mayKnowEarlier` says whether the "Pay again?" refusal may name the earlier payment's
 * amount and time (security review finding 9: a holder of the account, or city staff).
 */
export async function utilityBill(
  account: { accountNumber: string; lookup: string },
  amountCents: number,
  confirmPayAgain: boolean,
  mayKnowEarlier: (account: WaterAccount) => Promise<boolean>,
): Promise<ChargePlan & { postTo: { customerId: string; locationId: string } }> {
  const lookup = await billingConnector().lookupAccount(account.lookup);
  if (lookup.OutputParms.ErrorCode !== "0000") throw notFound("Could not find account.");
  const dueCents = Math.max(0, lookup.OutputParms.AmountDueWithoutPendingCents);
  const minimum = Math.max(dueCents, MINIMUM_PAYMENT_CENTS);
  if (amountCents < minimum) {
    throw badRequest("The amount is below the amount due.", { amountCents: "Payment.AmountTooLow" });
  }
  const postTo = { customerId: lookup.OutputParms.CustomerId, locationId: lookup.OutputParms.LocationId };
  const accountNumber = account.accountNumber || `${postTo.customerId}-${postTo.locationId}`;
  const reference = await billReference(
    { accountNumber, cycle: lookup.OutputParms.DueDateOfLastBill },
    confirmPayAgain,
    () => mayKnowEarlier(postTo),
  );
  return {
    paymentType: "UTILITY",
    codeGroup: "UTILITY",
    accountNumber,
    amountCents,
    description: `Utility bill ${accountNumber}`,
    reference,
    postTo,
  };
}

/**
 * Whether the caller is a signed-in holder of the water account: linked to it themselves, or a
 * member of an organization that has it linked.
 */
export async function holdsWaterAccount(user: Principal | null, account: WaterAccount): Promise<boolean> {
  if (!user) return false;
  const same = (a: string, b: string) => normalizeCustomerId(a) === normalizeCustomerId(b);
  const holds = (linked: Awaited<ReturnType<typeof billingAccountsOwnedBy>>) =>
    linked.some(({ data }) => same(data.customerId, account.customerId) && same(data.locationId, account.locationId));
  if (holds(await billingAccountsOwnedBy({ userId: user.uid }))) return true;
  for (const membership of await membershipsOf(user.uid)) {
    const { organizationId } = membership;
    if (membership.Verified && organizationId && holds(await billingAccountsOwnedBy({ organizationId }))) return true;
  }
  return false;
}
