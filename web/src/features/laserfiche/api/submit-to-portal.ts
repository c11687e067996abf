import { type SubmitToPortalInput, ZSubmitToPortal } from "@contract/catalogue-admin";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export { ZSubmitToPortal };

export interface SubmitToPortalAnswer {
  portalSubmissionId: string;
  status: "recorded" | "sent";
  crmId: string | null;
  /** The fee the forms service recorded, in dollars; null when it could not be read yet. */
  feeTotal: number | null;
}

// POST /api/laserfiche/submitToPortal
export const submitToPortal = (input: SubmitToPortalInput) =>
  api.post<SubmitToPortalAnswer>("/laserfiche/submitToPortal", input);

export function useSubmitToPortal() {
  return useMutation({ mutationFn: submitToPortal });
}
