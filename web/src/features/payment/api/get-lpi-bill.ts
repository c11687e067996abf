import type { LpiBill } from "@contract/payment";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/lpiPayment/:activityId
export function getLpiBill(activityId: string): Promise<LpiBill> {
  return api.get<LpiBill>(`/lpiPayment/${encodeURIComponent(activityId)}`);
}

export const lpiBillQueryOptions = (activityId: string) =>
  queryOptions({ queryKey: ["lpiBill", activityId], queryFn: () => getLpiBill(activityId), retry: false });

export function useLpiBill(activityId: string | null, enabled: boolean) {
  return useQuery({ ...lpiBillQueryOptions(activityId ?? ""), enabled: enabled && Boolean(activityId) });
}
