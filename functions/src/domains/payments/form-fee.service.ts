import { formsConnector } from "../../connectors/forms/connection";
import { FORM_FEE_ACCOUNT_NUMBER, FORM_FEE_ACCOUNT_TYPE, type FormFee, type ZFormFeeRef } from "../../contract/payment";
import { activityForProcess } from "../../data/activities";
import { readOutboxEntry } from "../../data/outbox";
import { chargedPaymentsFor } from "../../data/payments";
import { ConnectorError } from "../../platform/connector-error";
import { notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";

type FormFeeRef = ReturnType<typeof ZFormFeeRef.parse>;

/** A form fee as the server knows it: what /payment shows and what POST /api/payment charges. */
export interface KnownFormFee extends FormFee {
  submissionId: string;
  bpid: string;
}

const NO_SUCH_FEE = "No such form fee.";
/** The id the embedded-form flow gives a submission's outbox entry (domains/forms/form-submissions.service.ts). */
const submissionEntryId = (submissionId: string) => `form-${submissionId}`;

/**
 * The fee of one of the caller's form submissions (spec 1 §2.12, spec 2 §9): the submission must be
 * one the portal issued to this user, the payment code (when the page passed one) must be the
 * catalogue's code for the form's process, and the amount is the forms service's record of the
 * submission (read back when the portal recorded it, else asked now), never a number from the page.
 * Anything that does not match is 404, so ids of other people's submissions say nothing.
 */
export async function formFeeFor(user: Principal | null, ref: FormFeeRef): Promise<KnownFormFee> {
  if (!user) throw notFound(NO_SUCH_FEE);
  const entry = await readOutboxEntry(submissionEntryId(ref.submissionId));
  if (entry?.kind !== "formSubmission" || entry.uid !== user.uid || !entry.bpid) throw notFound(NO_SUCH_FEE);
  const bpid = entry.bpid;
  const service = await activityForProcess(bpid);
  const catalogueCode = service?.paymentCode ?? "";
  if (ref.paymentCode && ref.paymentCode !== catalogueCode) throw notFound(NO_SUCH_FEE);
  let recorded = entry.form ?? null;
  if (!recorded) {
    try {
      recorded = await formsConnector().submission(ref.submissionId, bpid);
    } catch (error) {
      // Issued but never submitted in the forms service: there is no fee (yet).
      if (error instanceof ConnectorError && error.kind === "not_found") throw notFound(NO_SUCH_FEE);
      throw error;
    }
  }
  const paid = (await chargedPaymentsFor(ref.submissionId)).length > 0;
  return {
    accountNumber: FORM_FEE_ACCOUNT_NUMBER,
    accountType: FORM_FEE_ACCOUNT_TYPE,
    paymentCode: catalogueCode,
    processName: service?.Item || recorded.processName,
    amountCents: recorded.feeTotalCents,
    paid,
    submissionId: ref.submissionId,
    bpid,
  };
}
