import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { MyRefund } from "@contract/refunds";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refundsQueryKey } from "./person-payments";

// GET /api/payment/refunds?organizationId=
export const getMyRefunds = (organizationId: string) =>
  api.get<MyRefund[]>(
    `/payment/refunds${
      organizationId && organizationId !== PERSONAL_ORGANIZATION ? `?${new URLSearchParams({ organizationId })}` : ""
    }`,
  );

/** The refunds of the payments in context (her own, or her organization's water accounts'), newest first. */
export function useMyRefunds(organizationId: string) {
  return useQuery({
    queryKey: [...refundsQueryKey, "mine", organizationId],
    queryFn: () => getMyRefunds(organizationId),
    retry: false,
  });
}
