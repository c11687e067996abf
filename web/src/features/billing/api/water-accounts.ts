import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { AddBillingAccountInput } from "@contract/billing-account-forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { paymentInformationQueryPrefix } from "@/api/get-payment-information";
import { api } from "@/lib/api-client";

const organizationOrNull = (organizationId: string) =>
  organizationId && organizationId !== PERSONAL_ORGANIZATION ? organizationId : null;

// POST /api/naviline/paymentInformation
export const addWaterAccount = (input: AddBillingAccountInput) =>
  api.post<{ success: true; serviceAddress: string }>("/naviline/paymentInformation", input);

// DELETE /api/naviline/paymentInformation?userId=&organizationId=&customerId=&locationId=
export const removeWaterAccount = (input: {
  userId: string;
  organizationId: string;
  customerId: string;
  locationId: string;
}) => {
  const query = new URLSearchParams({
    userId: input.userId,
    customerId: input.customerId,
    locationId: input.locationId,
  });
  const organizationId = organizationOrNull(input.organizationId);
  if (organizationId) query.set("organizationId", organizationId);
  return api.delete<{ success: true }>(`/naviline/paymentInformation?${query}`);
};

/** Both refresh the account lists (spec 2 §4: success refreshes the list) and the billing records. */
function useRefreshAccounts(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentInformationQueryPrefix(userId) }),
      queryClient.invalidateQueries({ queryKey: ["billingHistory"] }),
      queryClient.invalidateQueries({ queryKey: ["paymentHistory"] }),
      queryClient.invalidateQueries({ queryKey: ["paymentHistoryV2"] }),
    ]);
}

export function useAddWaterAccount(userId: string, organizationId: string) {
  const refresh = useRefreshAccounts(userId);
  return useMutation({
    mutationFn: (input: { customerId: string; locationId: string; streetNumber: string }) =>
      addWaterAccount({ ...input, userId, organizationId: organizationOrNull(organizationId) }),
    onSuccess: refresh,
  });
}

export function useRemoveWaterAccount(userId: string, organizationId: string) {
  const refresh = useRefreshAccounts(userId);
  return useMutation({
    mutationFn: (input: { customerId: string; locationId: string }) =>
      removeWaterAccount({ ...input, userId, organizationId }),
    onSuccess: refresh,
  });
}
