import type { QueryClient } from "@tanstack/react-query";
import { activitiesQueryOptions } from "@/api/get-activities";
import { featureFlagsQueryOptions } from "@/api/get-feature-flags";
import { inProgressQueryOptions } from "@/api/get-in-progress";
import { paymentInformationQueryOptions } from "@/api/get-payment-information";
import { paymentMaintenanceQueryOptions } from "@/api/get-payment-maintenance-info";
import { paths } from "@/config/paths";
import { eventsQueryOptions, newsQueryOptions } from "@/features/home/api/get-feeds";
import { languagesQueryOptions } from "@/features/languages/api/get-languages";
import { unreadCountQueryOptions } from "@/features/notifications/api/get-unread-count";
import { activeSystemAlertsQueryOptions } from "@/features/system-alerts/api/get-system-alerts";

/**
 * What the alert dialog of every page reads (the active alerts, the maintenance warning): the same
 * for everyone and asked without a token, so for every visit as the app starts, signed in or not.
 * Each query's staleTime holds: data kept for the session (session-query-cache.ts) is not asked
 * for again.
 */
export function prefetchAlertData(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(activeSystemAlertsQueryOptions());
  void queryClient.prefetchQuery(paymentMaintenanceQueryOptions());
}

/**
 * What the rest of the shell reads (flags, languages), asked for together as soon as we know who
 * is visiting, instead of one by one as the shell's parts mount.
 */
export function prefetchShellData(queryClient: QueryClient, userId: string | null): void {
  void queryClient.prefetchQuery(featureFlagsQueryOptions(userId));
  void queryClient.prefetchQuery(languagesQueryOptions());
}

/**
 * A signed-in page opened directly: its data starts beside GET /api/auth rather than after it
 * (the route table, and so the page, waits for that answer). Only the dashboard for now, the page
 * every sign-in lands on.
 */
export function prefetchPageData(
  queryClient: QueryClient,
  { userId, pathname, organizationId }: { userId: string; pathname: string; organizationId: string },
): void {
  if (pathname.replace(/\/+$/, "") !== paths.dashboard.href()) return;
  void queryClient.prefetchQuery(unreadCountQueryOptions());
  void queryClient.prefetchQuery(activitiesQueryOptions(userId));
  void queryClient.prefetchQuery(inProgressQueryOptions(organizationId));
  void queryClient.prefetchQuery(paymentInformationQueryOptions(userId, organizationId));
  void queryClient.prefetchQuery(newsQueryOptions());
  void queryClient.prefetchQuery(eventsQueryOptions());
}
