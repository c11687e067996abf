import { type FeatureFlagToggle, ZFeatureFlagToggle } from "@contract/catalogue-admin";
import type { FeatureFlag, FeatureFlagName } from "@contract/feature-flags";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export { ZFeatureFlagToggle };

// PUT /api/featureflags/:name
export const setFeatureFlag = ({ name, enabled }: { name: FeatureFlagName } & FeatureFlagToggle) =>
  api.put<FeatureFlag>(`/featureflags/${encodeURIComponent(name)}`, { enabled });

export function useSetFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeatureFlag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["featureflags"] }),
  });
}
