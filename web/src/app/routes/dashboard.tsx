import { PERSONAL_ORGANIZATION } from "@contract/access";
import { type RefObject, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { usePendingAction } from "@/api/get-in-progress";
import { PageHeading } from "@/components/layout/page-heading";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { ServicePicker } from "@/features/catalogue/components/service-picker";
import { useCreateLpiActivity } from "@/features/dashboard/api/create-lpi-activity";
import { AttentionBanner, AttentionPanel } from "@/features/dashboard/components/attention";
import { BillPayPanel } from "@/features/dashboard/components/bill-pay-panel";
import { RecentActivity } from "@/features/dashboard/components/recent-activity";
import { EventsPanel } from "@/features/home/components/events-panel";
import { LinkCircles } from "@/features/home/components/link-circles";
import { NewsCarousel } from "@/features/home/components/news-carousel";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/dashboard/dashboard.css";

/**
 * Scrolls to the target and focuses it, and again each time the page's height changes until the
 * user scrolls, taps or types. One scroll at first render was not enough: the page below the
 * target (news, events) arrives later, so the page was still too short to scroll and the target
 * stayed where it was, and Chromium's scroll anchoring does nothing at the top of a page (fresh
 * CI of 883f13a, /dashboard?highlight=billing on a 390x700 phone: focused, never scrolled).
 * The scroll is instant: a smooth one is cancelled by any later scroll of the page.
 */
function useScrollTarget(targetRef: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const target = targetRef.current;
    if (!active || !target) return;
    const scroll = () => target.scrollIntoView({ block: "start" });
    scroll();
    target.focus({ preventScroll: true });
    const pageGrew = new ResizeObserver(scroll);
    pageGrew.observe(document.body);
    const userMoved = ["wheel", "touchstart", "keydown", "pointerdown"];
    const stop = () => {
      pageGrew.disconnect();
      for (const name of userMoved) window.removeEventListener(name, stop, true);
    };
    for (const name of userMoved) window.addEventListener(name, stop, { capture: true, passive: true });
    return stop;
  }, [targetRef, active]);
}

/** The catalogue service a late-payment-interest activity is recorded under. */
const LPI_ACTIVITY_ID = "LATE_PAYMENT_INTEREST";

/**
 * /dashboard/:recordId (spec 1 §2.7): creates the late-payment-interest activity for the record
 * once, shows the case number and goes to its payment.
 */
function useLpiFromRecord(recordId: string | undefined, userId: string, organizationId: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showSuccess, showError } = useModals();
  const createLpi = useCreateLpiActivity();
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!recordId || recordId === "auth" || started.current === recordId) return;
    started.current = recordId;
    createLpi.mutate(
      {
        sfParentId: recordId,
        activityId: LPI_ACTIVITY_ID,
        organizationId: organizationId === PERSONAL_ORGANIZATION ? null : organizationId,
        userId,
      },
      {
        onSuccess: (created) => {
          // A letter's link opened again answers the application filed the first time.
          showSuccess(
            t(created.existing ? "DashboardHome.LpiAlreadyFiled" : "success-submit-case", {
              caseNumber: created.caseNumber,
            }),
          );
          navigate(`${paths.paymentLpi.href()}?activityId=${encodeURIComponent(created.Id)}`, { replace: true });
        },
        onError: () => showError(),
      },
    );
  }, [recordId, userId, organizationId, createLpi, navigate, showSuccess, showError, t]);
  return createLpi.isPending;
}

export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { recordId } = useParams();
  const [searchParams] = useSearchParams();
  const user = auth.authUser;
  const userId = user?.Id ?? "";
  const organizationId = auth.selectedOrganization;
  const flags = useFeatureFlags(user?.Id ?? null);
  const pending = usePendingAction(organizationId);
  const creatingLpi = useLpiFromRecord(recordId, userId, organizationId);
  const billingRef = useRef<HTMLElement>(null);
  const highlightBilling =
    searchParams.get("highlight") === "billing" && isFlagEnabled(flags.data, "EnableWaterBillRedesign");

  useScrollTarget(billingRef, highlightBilling);

  if (searchParams.get("redirectto") === "payment") {
    return <Navigate to={paths.waterBillPaymentRecords.href()} replace />;
  }

  const title = t("Pages.Dashboard");

  const pendingItems = pending.data ?? [];
  return (
    // Busy while a record link's late-payment-interest activity is made: the page then moves to its payment.
    <div className="dashboard" aria-busy={creatingLpi || undefined}>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {user?.FirstName && <p className="lead">{t("DashboardHome.Greeting", { name: user.FirstName })}</p>}
      {creatingLpi && <p role="status">{t("DashboardHome.CreatingLpi")}</p>}
      {/* The banner's line is kept while the count loads and when it is 0, so the panels never jump (CLS). */}
      <div className="attention-banner-slot">
        <AttentionBanner count={pendingItems.length} />
      </div>
      <div className="dashboard__grid">
        <div className="dashboard__main">
          <ServicePicker />
          <AttentionPanel
            items={pendingItems}
            isError={pending.isError}
            isPending={pending.isPending}
            organizationId={organizationId}
          />
          <RecentActivity organizationId={organizationId} />
        </div>
        <div className="dashboard__side">
          {userId && (
            <BillPayPanel
              ref={billingRef}
              userId={userId}
              organizationId={organizationId}
              highlighted={highlightBilling}
            />
          )}
        </div>
      </div>
      <LinkCircles />
      <NewsCarousel signedIn />
      <EventsPanel />
    </div>
  );
}
