import { useTranslation } from "react-i18next";
import { useActivities } from "@/api/get-activities";
import { PageHeading } from "@/components/layout/page-heading";
import { useStartActivity } from "@/features/catalogue/components/use-start-activity";
import { PICKER_ACTIONS, servicesOf, visibleActions } from "@/features/catalogue/service-actions";
import { useAuth } from "@/lib/auth/auth-state";
import { activityLabel } from "@/lib/services/activity-label";
import "@/features/catalogue/catalogue.css";

/** Every published service, grouped by action (spec 1 §2.6). */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const activities = useActivities(auth.authUser?.Id ?? null);
  const start = useStartActivity();
  const title = t("Pages.ViewAllServices");
  const actions = visibleActions(auth.selectedOrganization);
  return (
    <div className="all-services">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {activities.isPending && <p>{t("Picker.Loading")}</p>}
      {activities.isError && (
        <p role="alert" className="error-text">
          {t("Util.ErrorTryAgainLater")}
        </p>
      )}
      {activities.data &&
        PICKER_ACTIONS.filter((action) => actions.includes(action)).map((action) => {
          const services = servicesOf(activities.data, action);
          if (services.length === 0) return null;
          return (
            <section key={action} aria-labelledby={`services-${action}`} className="all-services__group">
              <h2 id={`services-${action}`}>{t(`Picker.Actions.${action}`)}</h2>
              <ul>
                {services.map((service) => (
                  <li key={service.Id}>
                    <button type="button" className="link-button" onClick={() => start(service)}>
                      {activityLabel(t, service)}
                    </button>
                    {service.Description && <span className="all-services__description"> {service.Description}</span>}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
    </div>
  );
}
