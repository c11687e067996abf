import type { BulkAudience, BulkAudienceCount } from "@contract/bulk-notifications";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// POST /api/notifications/bulk/audience (a question, not a change: read as a query)
export const countBulkAudience = (options: BulkAudience) =>
  api.post<BulkAudienceCount>("/notifications/bulk/audience", options);

export const bulkAudienceQueryOptions = (options: BulkAudience) =>
  queryOptions({
    queryKey: ["notifications", "bulk", "audience", options] as const,
    queryFn: () => countBulkAudience(options),
  });

export function useBulkAudienceCount(options: BulkAudience | null) {
  return useQuery({ ...bulkAudienceQueryOptions(options ?? ({} as BulkAudience)), enabled: options !== null });
}
