import { useTranslation } from "react-i18next";

/**
 * A report case's photos as the public may see them (blurred once staff redacted one, issue 31): the
 * case's public page lists them (`list`, a named list of its own), the report form's nearby list shows
 * them inline in the case's line (`inline`). Nothing when the case has none.
 */
export function ReportPhotos({
  photos,
  caseNumber,
  layout,
}: {
  photos: readonly string[];
  caseNumber: string;
  layout: "list" | "inline";
}) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  const image = (photo: string, index: number) => (
    <img
      key={photo}
      src={photo}
      alt={t("Report.NearbyPhoto", { number: index + 1, caseNumber })}
      className="report-nearby__photo"
      width={96}
      height={72}
      loading="lazy"
    />
  );
  if (layout === "inline") {
    return <span className="report-nearby__photos">{photos.map(image)}</span>;
  }
  return (
    <ul className="report-nearby__photos report-case__photos" aria-label={t("Report.Case.Photos")}>
      {photos.map((photo, index) => (
        <li key={photo}>{image(photo, index)}</li>
      ))}
    </ul>
  );
}
