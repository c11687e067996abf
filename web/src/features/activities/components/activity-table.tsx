import type { DashboardActivity } from "@contract/case-status";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { formatActivityTime } from "@/utils/format";
import "../activities.css";
import { TableScroll } from "@/components/ui/table-scroll";
import { crmActivityName } from "@/lib/services/crm-activity-name";

/** Rows per page: 500 cases stay quick to render and to read, a page at a time. */
export const ACTIVITIES_PAGE_SIZE = 25;

/** The rows of one page (pages count from 1; a page past the end shows the last one). */
export function activitiesPage<T>(rows: readonly T[], page: number, size = ACTIVITIES_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pageCount };
}

/** A list of activities (spec 2 §2 "Activity lists"): name, type, status, last change, action required. */
export function ActivityTable({ activities, caption }: { activities: DashboardActivity[]; caption: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const shown = activitiesPage(activities, page);
  const tableRef = useRef<HTMLTableElement>(null);

  if (activities.length === 0) return <p>{t("Activity.NoActivities")}</p>;
  // After a page turn, the new rows' caption takes focus so keyboard and screen-reader users follow.
  const turnTo = (next: number) => {
    flushSync(() => setPage(next));
    tableRef.current?.querySelector("caption")?.focus();
  };
  return (
    <>
      <TableScroll label={caption}>
        <table className="activity-table" ref={tableRef}>
          <caption tabIndex={-1}>
            {caption}{" "}
            <span className="activity-table__range">
              {t("Activity.PageOf", { page: shown.page, count: shown.pageCount, total: activities.length })}
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("Activity.Name")}</th>
              <th scope="col">{t("Activity.Type")}</th>
              <th scope="col">{t("Activity.Status")}</th>
              <th scope="col">{t("Activity.LastModified")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((activity) => (
              <tr key={activity.id}>
                <td>
                  <Link to={paths.activityView.href(activity.type, activity.id)}>{crmActivityName(t, activity)}</Link>
                  {activity.caseNumber && <span className="activity-table__number"> ({activity.caseNumber})</span>}
                  {activity.actionRequired && (
                    <span className="activity-table__action">{t("Activity.ActionRequired")}</span>
                  )}
                </td>
                <td>{t(`Activity.Types.${activity.type}`, { defaultValue: activity.type })}</td>
                <td>
                  <StatusBadge status={activity.statusInformation} />
                </td>
                <td>{formatActivityTime(activity.lastModified)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {shown.pageCount > 1 && (
        <nav className="activity-table__pages" aria-label={t("Activity.Pages")}>
          <button
            type="button"
            className="button button--secondary"
            disabled={shown.page === 1}
            onClick={() => turnTo(shown.page - 1)}
          >
            {t("Activity.PreviousPage")}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={shown.page === shown.pageCount}
            onClick={() => turnTo(shown.page + 1)}
          >
            {t("Activity.NextPage")}
          </button>
        </nav>
      )}
    </>
  );
}
