import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { Logo } from "@/components/layout/logo";
import { PageHeading } from "@/components/layout/page-heading";
import { LinkCircles } from "@/features/home/components/link-circles";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/home/home.css";

// The page's parts load as chunks beside the shell: / must stay under its JS budget.
const PopularServices = lazy(() =>
  import("@/features/catalogue/components/popular-services").then((module) => ({ default: module.PopularServices })),
);
const ServicePicker = lazy(() =>
  import("@/features/catalogue/components/service-picker").then((module) => ({ default: module.ServicePicker })),
);
const HomeFeeds = lazy(() => import("@/features/home/components/home-feeds"));

function ServicesLoading() {
  const { t } = useTranslation();
  return (
    <p className="home__services-loading" role="status">
      {t("Picker.Loading")}
    </p>
  );
}

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
        <PageHeading documentTitle={title}>{title}</PageHeading>
        <p className="lead">{t("Home.Intro")}</p>
      </div>
      {/*
        One boundary per part: a part that loads later never hides the others. Each late part has
        its space reserved (CSS min-heights), so nothing on screen moves when it arrives (CLS).
      */}
      <div className="home__services">
        <Suspense fallback={<ServicesLoading />}>
          {flags.isPending ? <ServicesLoading /> : popular ? <PopularServices /> : <ServicePicker />}
        </Suspense>
      </div>
      {/* Small and fixed in size: rendered with the page rather than moving the feeds when it loads. */}
      <LinkCircles />
      <Suspense fallback={<div className="home__feeds-placeholder" />}>
        <HomeFeeds signedIn={auth.isAuthenticated} />
      </Suspense>
    </div>
  );
}
