import { assetKindOf, type ReportData } from "../../contract/reports";
import { checkReportAsset } from "../maps/assets.service";
import { checkReportPlace } from "../maps/place.service";

/**
 * The server's checks of where a report is (spec 3 §5, issue 33), for every way of filing one: the
 * place is inside the city at an address the GIS knows, and a named streetlight, hydrant or sign
 * is one the GIS knows near it. A 400 with a field error otherwise, and nothing is filed. Answers
 * whether something could not be checked because the GIS was down (staff see it on the case).
 */
export async function checkReportWhere(report: ReportData): Promise<{ unchecked: boolean }> {
  if (!report.address) return { unchecked: false };
  const place = await checkReportPlace(report.address);
  const kind = assetKindOf(report.type, report.details);
  const asset = report.assetId && kind ? await checkReportAsset(kind, report.assetId, report.address.location) : null;
  return { unchecked: place.checked === "bounds-only" || asset === "unchecked" };
}
