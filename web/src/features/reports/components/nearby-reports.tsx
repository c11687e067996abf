import type { LatLng } from "@contract/maps";
import type { MeTooResult, ReportType } from "@contract/reports";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useMeToo, useNearbyReports } from "../api/nearby-reports";
import { ReportPhotos } from "./report-photos";

/**
 * "Already reported?": open cases of this type near the chosen place, each with "Me too", which
 * makes the resident a follower of that case instead of filing a duplicate, and a link to the
 * case's public page (issue 33).
 */
export function NearbyReports({
  type,
  place,
  added,
  onAdded,
}: {
  type: ReportType;
  place: LatLng;
  added: MeTooResult | null;
  onAdded: (result: MeTooResult) => void;
}) {
  const { t } = useTranslation();
  const nearby = useNearbyReports(type, place);
  const meToo = useMeToo();
  const cases = nearby.data?.cases ?? [];

  if (added) {
    return (
      <section className="report-nearby" aria-labelledby="report-nearby-heading">
        <h3 id="report-nearby-heading">{t("Report.AlreadyReported")}</h3>
        <p role="status">{t("Report.MeTooAdded", { caseNumber: added.caseNumber })}</p>
        <p>
          <Link to={paths.reportCase.href(added.caseId)}>{t("Report.SeeCase", { caseNumber: added.caseNumber })}</Link>
        </p>
        <p>
          <Link to={paths.dashboard.href()}>{t("Zoning.BackToDashboard")}</Link>
        </p>
      </section>
    );
  }
  return (
    <div>
      {cases.length > 0 ? (
        <section className="report-nearby" aria-labelledby="report-nearby-heading">
          <h3 id="report-nearby-heading">{t("Report.AlreadyReported")}</h3>
          <p role="status">{t("Report.AlreadyReportedIntro", { count: cases.length })}</p>
          <ul>
            {cases.map((item) => (
              <li key={item.caseId}>
                <strong>{t("Report.CaseNumber", { caseNumber: item.caseNumber })}</strong>{" "}
                <span>
                  {t("Report.NearbyFacts", {
                    distance: item.distanceMeters,
                    status: item.status,
                    count: item.reporters,
                  })}
                </span>{" "}
                <Link to={paths.reportCase.href(item.caseId)}>
                  {t("Report.SeeCase", { caseNumber: item.caseNumber })}
                </Link>{" "}
                <ReportPhotos photos={item.photos} caseNumber={item.caseNumber} layout="inline" />{" "}
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={meToo.isPending}
                  aria-label={t("Report.MeTooFor", { caseNumber: item.caseNumber })}
                  onClick={() => meToo.mutate(item.caseId, { onSuccess: onAdded })}
                >
                  {t("Report.MeToo")}
                </button>
              </li>
            ))}
          </ul>
          {meToo.isError ? <p className="error-message">{t("Report.MeTooFailed")}</p> : null}
          <p>{t("Report.NotTheSame")}</p>
        </section>
      ) : null}
    </div>
  );
}
