import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "@/components/layout/logo";
import { PageHeading } from "@/components/layout/page-heading";
import { PopularServices } from "@/features/catalogue/components/popular-services";
import { ServicePicker } from "@/features/catalogue/components/service-picker";
import { isFlagEnabled, useFeatureFlags } from "@/features/feature-flags/api/get-feature-flags";
import { LinkCircles } from "@/features/home/components/link-circles";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/home/home.css";

const HomeFeeds = lazy(() => import("@/features/home/components/home-feeds"));

/**
 * The public home page (spec 1 §2.6); loaded with the shell because every visit starts here,
 * so it stays light: no form library, no validation library.
 */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const flags = useFeatureFlags(auth.authUser?.Id ?? null);
  const popular = isFlagEnabled(flags.data, "EnablePopularServices");
  const title = t("Pages.Home");
  return (
    <div className="home">
      <div className="home__hero">
        <Logo />
        <PageHeading documentTitle={title}>{t("Home.Welcome")}</PageHeading>
        <p className="lead">{t("Home.Intro")}</p>
      </div>
      {flags.isPending ? null : popular ? <PopularServices /> : <ServicePicker />}
      <LinkCircles />
      <Suspense fallback={null}>
        <HomeFeeds signedIn={auth.isAuthenticated} />
      </Suspense>
    </div>
  );
}
