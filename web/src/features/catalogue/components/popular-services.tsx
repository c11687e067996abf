import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-state";
import { useServerTextsSettled } from "@/lib/translations-provider";
import { useActivities } from "../../../api/get-activities";
import { activityLabel } from "../../../lib/services/activity-label";
import { popularServices } from "../service-actions";
import { useStartActivity } from "./use-start-activity";
import "../catalogue.css";

/** The popular-services grid (flag EnablePopularServices): icon buttons that start each service. */
export function PopularServices() {
  const { t } = useTranslation();
  const auth = useAuth();
  const activities = useActivities(auth.authUser?.Id ?? null);
  const start = useStartActivity();
  // The names are the admins' translations: on a first visit in Spanish they arrive after the
  // catalogue, and the tiles would show the stored English names until then.
  const namesReady = useServerTextsSettled();
  const services = namesReady ? popularServices(activities.data ?? []) : [];
  return (
    <section className="popular-services" aria-labelledby="popular-services-heading">
      {/* The link sits beside the heading, so the grid filling in below moves nothing (CLS). */}
      <div className="popular-services__header">
        <h2 id="popular-services-heading">{t("Picker.PopularHeading")}</h2>
        <Link to={paths.viewAllServices.href()}>{t("Picker.ViewAll")}</Link>
      </div>
      {activities.isError && (
        <p role="alert" className="error-text">
          {t("Util.ErrorTryAgainLater")}
        </p>
      )}
      <ul className="popular-services__grid">
        {services.map((service) => (
          <li key={service.Id}>
            <button type="button" className="popular-services__item" onClick={() => start(service)}>
              {service.PopularServiceIconURL && (
                <img src={service.PopularServiceIconURL} alt="" width={32} height={32} />
              )}
              <span>{activityLabel(t, service)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
