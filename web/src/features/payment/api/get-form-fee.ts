import type { FormFee, FormFeeRef } from "@contract/payment";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/payment/form-fee?submissionId=&paymentCode=
export function getFormFee({ submissionId, paymentCode = "" }: FormFeeRef): Promise<FormFee> {
  const query = new URLSearchParams({ submissionId, paymentCode });
  return api.get<FormFee>(`/payment/form-fee?${query.toString()}`);
}

export const formFeeQueryOptions = (ref: FormFeeRef) =>
  queryOptions({
    queryKey: ["formFee", ref.submissionId, ref.paymentCode ?? ""],
    queryFn: () => getFormFee(ref),
    retry: false,
  });

export function useFormFee(ref: FormFeeRef) {
  return useQuery(formFeeQueryOptions(ref));
}
