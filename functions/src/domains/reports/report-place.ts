import { assetKindOf, type ReportData, reportStopperOf } from "../../contract/reports";
import { reportServicesNow } from "../../data/activities";
import { badRequest } from "../../platform/http/api-error";
import { checkReportAsset } from "../maps/assets.service";
import { checkReportPlace } from "../maps/place.service";

/**
 * Issue 33, stoppers: a report type whose catalogue service carries a stopper is not filed, however
 * it is sent; the browser shows the notice instead of the form. A 400 with `reportData.type`
 * "Stopped" and the English notice as the message; nothing is filed.
 */
export async function refuseStoppedReport(report: Pick<ReportData, "type" | "activityId">): Promise<void> {
  const stopper = reportStopperOf(report.type, report.activityId, await reportServicesNow());
  if (stopper) throw badRequest(stopper.en, { "reportData.type": "Stopped" });
}

/**
 * The server's checks before a report is filed (spec 3 §5, issue 33), for every way of filing one:
 * the type is not stopped; the place is inside the city at an address the GIS knows; and a named
 * streetlight, hydrant or sign is one the GIS knows near it. A 400 with a field error otherwise, and
 * nothing is filed. Answers whether something could not be checked because the GIS was down (staff
 * see it on the case).
 */
export async function checkReportWhere(report: ReportData): Promise<{ unchecked: boolean }> {
  await refuseStoppedReport(report);
  if (!report.address) return { unchecked: false };
  const place = await checkReportPlace(report.address);
  const kind = assetKindOf(report.type, report.details);
  const asset = report.assetId && kind ? await checkReportAsset(kind, report.assetId, report.address.location) : null;
  return { unchecked: place.checked === "bounds-only" || asset === "unchecked" };
}
