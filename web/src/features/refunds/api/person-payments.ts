import type { PersonPayment } from "@contract/refunds";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every refund query starts with this key: a refund invalidates them all. */
export const refundsQueryKey = ["refunds"] as const;

// GET /api/payment/people/:uid
export const getPersonPayments = (uid: string) =>
  api.get<PersonPayment[]>(`/payment/people/${encodeURIComponent(uid)}`);

/** A person's last payments through the portal that took money, with what was refunded of each (admins). */
export function usePersonPayments(uid: string) {
  return useQuery({ queryKey: [...refundsQueryKey, "person", uid], queryFn: () => getPersonPayments(uid) });
}
