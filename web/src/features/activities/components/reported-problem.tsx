import type { ActivityDetail, ReportedProblem } from "@contract/activity-detail";
import { assetKindOfId } from "@contract/maps";
import { Component, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { statusLabel } from "@/components/ui/status-badge";
import { formatActivityTime } from "@/utils/format";
import { useActivityPhoto } from "../api/get-activity-photo";
import "@/components/map/map.css";

// Leaflet is a chunk of its own, loaded only on a case with a place.
const LeafletMap = lazy(() => import("@/components/map/leaflet-map"));

/** A map chunk that failed to load leaves the address written out. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function ReportPhoto({ type, id, index, count }: { type: string; id: string; index: number; count: number }) {
  const { t } = useTranslation();
  const photo = useActivityPhoto(type, id, index);
  const url = useMemo(() => (photo.data ? URL.createObjectURL(photo.data) : null), [photo.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const alt = t("Activity.PhotoOf", { number: index + 1, count });
  if (photo.isError) return <p className="error-text">{t("Activity.PhotoFailed", { number: index + 1 })}</p>;
  if (!url) return <p role="status">{t("Activity.PhotoLoading", { number: index + 1 })}</p>;
  return <img className="reported-problem__photo" src={url} alt={alt} />;
}

/**
 * What the resident reported (issue 28, after FixMyStreet's report page): their words, the
 * photos they sent and a small map of the place.
 */
export function ReportedProblemSection({ activity, report }: { activity: ActivityDetail; report: ReportedProblem }) {
  const { t } = useTranslation();
  const [mapFailed, setMapFailed] = useState(false);
  const mapHintId = `reported-map-${activity.id}`;
  return (
    <section aria-labelledby="reported-heading" className="reported-problem">
      <h2 id="reported-heading">{t("Activity.Reported")}</h2>
      {report.description ? (
        <p className="reported-problem__description" lang={activity.writtenIn?.description}>
          {report.description}
        </p>
      ) : null}
      {report.photoCount > 0 ? (
        <ul className="reported-problem__photos" aria-label={t("Activity.Photos")}>
          {Array.from({ length: report.photoCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: photos are numbered by the CRM and never reordered
            <li key={index}>
              <ReportPhoto type={activity.activityType} id={activity.id} index={index} count={report.photoCount} />
            </li>
          ))}
        </ul>
      ) : null}
      {report.address ? (
        <p>
          <strong>{t("Activity.Place")}</strong> {report.address}
        </p>
      ) : null}
      {report.assetId ? (
        <p>
          <strong>{t(`Activity.Asset.${assetKindOfId(report.assetId) ?? "other"}`)}</strong> {report.assetId}
        </p>
      ) : null}
      {report.location && !mapFailed ? (
        <div className="reported-problem__map">
          <p id={mapHintId} className="visually-hidden">
            {t("Activity.MapOfPlace", { address: report.address ?? "" })}
          </p>
          <MapBoundary>
            <Suspense fallback={null}>
              <LeafletMap
                center={report.location}
                pin={report.location}
                onPick={() => undefined}
                onLoadError={() => setMapFailed(true)}
                describedBy={mapHintId}
              />
            </Suspense>
          </MapBoundary>
        </div>
      ) : null}
    </section>
  );
}

/** One step of the timeline: a status, a comment (the resident's "not fixed" or staff's words), or the filing. */
function EventText({ event }: { event: ActivityDetail["history"][number] }) {
  const { t } = useTranslation();
  if (event.comment?.kind === "notFixed") {
    return (
      <>
        <span className="activity-history__what">{t("Activity.Fixed.TimelineNotFixed")}</span>{" "}
        {event.comment.text ? (
          <q className="activity-history__note" lang={event.comment.writtenIn}>
            {event.comment.text}
          </q>
        ) : null}
      </>
    );
  }
  if (event.comment) {
    return (
      <>
        <span className="activity-history__what">{t("Activity.Fixed.TimelineComment")}</span>{" "}
        <q className="activity-history__note" lang={event.comment.writtenIn}>
          {event.comment.text}
        </q>
      </>
    );
  }
  return (
    <span className="activity-history__what">
      {event.statusInformation ? statusLabel(t, event.statusInformation) : t("Activity.Filed")}
    </span>
  );
}

/** What happened to the record, oldest first: filed, then each status it was given and each public comment. */
export function ActivityHistory({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation();
  if (activity.history.length === 0) return null;
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">{t("Activity.History")}</h2>
      <ol className="activity-history">
        {activity.history.map((event, index) => (
          // The timeline is the CRM's, in order: the same status can come twice (closed, reopened, closed).
          // biome-ignore lint/suspicious/noArrayIndexKey: a timeline never reorders
          <li key={index}>
            <EventText event={event} /> <span className="activity-history__when">{formatActivityTime(event.at)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
