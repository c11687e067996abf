import type { FeatureFlagChange } from "@contract/catalogue-admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/featureflags/changes
export const getFlagChanges = () => api.get<FeatureFlagChange[]>("/featureflags/changes");

/** Under the "featureflags" key, so a toggle refreshes it too. */
export const flagChangesQueryOptions = () =>
  queryOptions({ queryKey: ["featureflags", "changes"], queryFn: getFlagChanges });

export function useFlagChanges() {
  return useQuery(flagChangesQueryOptions());
}
