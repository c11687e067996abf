export interface BusinessProcessSummary {
  id: string;
  name: string;
}

/** A form submitted in the hosted page, as the portal records it (fee in cents). */
export interface FormSubmission {
  portalSubmissionId: string;
  bpid: string;
  processName: string;
  /** ISO instant. */
  submittedAt: string;
  feeTotalCents: number;
  fields: Record<string, string>;
}

export interface HostedFormRequest {
  bpid: string;
  /** The portal's id for this submission; the form reports it back and the lookup uses it. */
  portalSubmissionId: string;
  /** Prefilled values by field name (the page's params). */
  params?: Record<string, string>;
  /** The portal's origin: the page posts its height and success events only there. */
  parentOrigin: string;
}

export interface FormsConnector {
  listBusinessProcesses(): Promise<{ businessProcesses: BusinessProcessSummary[] }>;
  /** Where the browser frames the form (no call is made). */
  hostedFormUrl(request: HostedFormRequest): string;
  /** The submission the form recorded; ConnectorError not_found when there is none for that process. */
  submission(portalSubmissionId: string, bpid: string): Promise<FormSubmission>;
}
