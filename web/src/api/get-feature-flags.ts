import type { FeatureFlag, FeatureFlagName } from "@contract/feature-flags";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { persistForSession } from "@/lib/session-query-cache";

// GET /api/featureflags?id={uid}
export async function getFeatureFlags(userId: string | null): Promise<FeatureFlag[]> {
  const query = userId ? `?id=${encodeURIComponent(userId)}` : "";
  return api.get<FeatureFlag[]>(`/featureflags${query}`);
}

export const featureFlagsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ["featureflags", userId],
    queryFn: () => getFeatureFlags(userId),
    staleTime: 5 * 60_000,
    meta: persistForSession,
  });

export function useFeatureFlags(userId: string | null) {
  return useQuery(featureFlagsQueryOptions(userId));
}

/** A flag missing from the list, or a list not loaded yet, counts as off. */
export function isFlagEnabled(flags: readonly FeatureFlag[] | undefined, name: FeatureFlagName): boolean {
  return flags?.some((flag) => flag.name === name && flag.enabled) ?? false;
}
