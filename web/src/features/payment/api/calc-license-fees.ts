import type { LicenseFeeAnswer, LicenseRenewal } from "@contract/payment";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// POST /api/licenses/renew/calc
export function calcLicenseFees(input: LicenseRenewal): Promise<LicenseFeeAnswer> {
  return api.post<LicenseFeeAnswer>("/licenses/renew/calc", input);
}

export function useCalcLicenseFees() {
  return useMutation({ mutationFn: calcLicenseFees });
}
