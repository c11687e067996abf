import type { LicenceFeeAnswer, LicenceRenewal } from "@contract/payment";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// POST /api/licenses/renew/calc
export function calcLicenceFees(input: LicenceRenewal): Promise<LicenceFeeAnswer> {
  return api.post<LicenceFeeAnswer>("/licenses/renew/calc", input);
}

export function useCalcLicenceFees() {
  return useMutation({ mutationFn: calcLicenceFees });
}
