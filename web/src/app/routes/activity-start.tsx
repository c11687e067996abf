import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { useActivity } from "@/api/get-activity";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { forgetActivity } from "@/features/auth/auth-navigation";
import { ServicePicker } from "@/features/catalogue/components/service-picker";
import { useStartActivity } from "@/features/catalogue/components/use-start-activity";
import { activityLabel } from "@/lib/services/activity-label";
import type { StartDestination } from "@/lib/services/start-destination";

/**
 * /activity/start?activityId=: sends the visitor to the service's destination, as Start in the
 * picker does; without an id (or for an unknown one) it shows the picker.
 */
export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const activityId = searchParams.get("activityId");
  const activity = useActivity(activityId);
  const start = useStartActivity();
  const started = useRef<string | null>(null);
  const [result, setResult] = useState<StartDestination | null>(null);
  const title = t("Pages.ActivityStart");

  useEffect(() => {
    if (!activity.data || started.current === activity.data.Id) return;
    started.current = activity.data.Id;
    // The activity remembered at login (spec 1 §2.3) is honoured now.
    forgetActivity();
    setResult(start(activity.data, { replace: true }));
  }, [activity.data, start]);

  return (
    <div className="activity-start">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {activityId && activity.isPending && <p role="status">{t("Picker.Starting")}</p>}
      {activityId && activity.isError && (
        <p role="alert" className="error-text">
          {t("Picker.ActivityNotFound")}
        </p>
      )}
      {activity.data && result?.kind === "newTab" && (
        <p role="status">
          {t("Picker.OpenedInNewTab", { name: activityLabel(t, activity.data) })}{" "}
          <a href={result.url} target="_blank" rel="noopener noreferrer">
            {t("Picker.OpenAgain")}
          </a>
        </p>
      )}
      {(!activityId || activity.isError || result?.kind === "error") && <ServicePicker />}
      <p>
        <Link to={paths.viewAllServices.href()}>{t("Picker.ViewAll")}</Link>
      </p>
    </div>
  );
}
