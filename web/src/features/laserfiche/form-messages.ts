/** What the hosted form tells the page (forms sandbox and service: `source: "city-forms"`). */
export type FormMessage =
  | { kind: "height"; height: number }
  | { kind: "submitted"; portalSubmissionId: string; bpid: string; feeTotal: number };

export const DEFAULT_FRAME_HEIGHT = 500;
/** Spec 1 §2.12 and §9: the frame is the content height plus 100 px. */
export const FRAME_HEIGHT_PADDING = 100;

/**
 * Reads a postMessage event from the form frame. Anything not from the forms origin, or not in
 * the expected shape, is ignored (null): another window must not drive the page.
 */
export function readFormMessage(event: { origin: string; data: unknown }, formsOrigin: string): FormMessage | null {
  if (event.origin !== formsOrigin) return null;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== "object" || data.source !== "city-forms") return null;
  if (data.event === "height") {
    const height = Number(data.height);
    return Number.isFinite(height) && height > 0 && height < 100_000 ? { kind: "height", height } : null;
  }
  if (data.event === "submitted" && data.success === true) {
    const feeTotal = Number(data.feeTotal ?? 0);
    if (typeof data.portalSubmissionId !== "string" || typeof data.bpid !== "string") return null;
    return {
      kind: "submitted",
      portalSubmissionId: data.portalSubmissionId,
      bpid: data.bpid,
      feeTotal: Number.isFinite(feeTotal) && feeTotal > 0 ? Math.round(feeTotal * 100) / 100 : 0,
    };
  }
  return null;
}

/**
 * The /payment address of a form fee (spec 1 §2.12): the form-fee account and type, the page's
 * payment code and the submission. No amount: /payment shows the fee the server reads from the
 * forms service, and the charge is that fee.
 */
export function formFeePaymentHref(paymentCode: string, submissionId: string): string {
  const query = new URLSearchParams({
    accountNumber: "000000000-000000000",
    accountType: "Form Fee",
    paymentCode,
    submissionId,
  });
  return `/payment?${query.toString()}`;
}
