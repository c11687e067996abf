import { caseReopenOutbox } from "../case-updates/case-updates.service";
import { additionalInformationOutbox } from "../cases/additional-information.service";
import { formSubmissionOutbox } from "../forms/form-submissions.service";
import { deliverDueMessages, messageOutbox } from "../messages/message.service";
import { waitingInvitationEmailOutbox } from "../organizations/organization-invitations";
import { reportOutbox } from "../reports/reports.service";
import { zoningInquiryOutbox } from "../zoning/zoning-inquiry.service";
import { deliverDue } from "./outbox-runner";

type Run = { sent: number; pending: number };

/** Every kind the outbox job delivers, by kind. Messages to people go page after page, several at once. */
const DELIVER_DUE: Record<string, () => Promise<Run>> = {
  [formSubmissionOutbox.kind]: () => deliverDue(formSubmissionOutbox),
  [additionalInformationOutbox.kind]: () => deliverDue(additionalInformationOutbox),
  [reportOutbox.kind]: () => deliverDue(reportOutbox),
  [caseReopenOutbox.kind]: () => deliverDue(caseReopenOutbox),
  [zoningInquiryOutbox.kind]: () => deliverDue(zoningInquiryOutbox),
  [messageOutbox.kind]: () => deliverDueMessages(),
  [waitingInvitationEmailOutbox.kind]: () => deliverDue(waitingInvitationEmailOutbox),
};

/** The outbox job: each kind's due entries and expired claims, kind after kind. */
export async function deliverDueOutbox(): Promise<Record<string, Run>> {
  const results: Record<string, Run> = {};
  for (const [kind, run] of Object.entries(DELIVER_DUE)) results[kind] = await run();
  return results;
}
