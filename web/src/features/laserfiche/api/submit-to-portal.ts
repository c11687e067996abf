import { type SubmitToPortalInput, ZSubmitToPortal } from "@contract/catalogue-admin";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export { ZSubmitToPortal };

export interface SubmitToPortalAnswer {
  portalSubmissionId: string;
  status: "recorded" | "sent";
  caseNumber?: string | null;
}

// POST /api/laserfiche/submitToPortal
export const submitToPortal = (input: SubmitToPortalInput) =>
  api.post<SubmitToPortalAnswer>("/laserfiche/submitToPortal", input);

export function useSubmitToPortal() {
  return useMutation({ mutationFn: submitToPortal });
}
