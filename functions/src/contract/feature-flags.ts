/** Feature flags of spec 1 §3. Each is stored as featureFlags/{name} with `enabled`. */
export const FEATURE_FLAGS = [
  "EnablePopularServices",
  "EnableWaterBillRedesign",
  "EnableCORE",
  "EnableACHAutopay",
  "EnableDelinquentBillingNotifications",
  "EnableUserAdminMenuV2",
  "EnableWaterBillHistoryPage",
  "EnableBoardsAndCommissions",
  "EnableLPI",
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAGS)[number];

export interface FeatureFlag {
  name: FeatureFlagName;
  enabled: boolean;
}
