// POST /api/reports (multipart: reportData + files)
// GET /api/reports/nearby?type=&lat=&lng=
// GET /api/reports/:caseId
// POST /api/reports/:caseId/me-too
// DELETE /api/reports/:caseId/me-too
// GET /api/reports/:caseId/photos/:index
// GET /api/reports/:caseId/photos/:index/redacted
import { storageBucket } from "../../connectors/storage/connection";
import { withStorage } from "../../connectors/storage/errors";
import { IMAGE_EXTENSIONS, type UploadImageType } from "../../contract/images";
import { ZPublicPhotoParams } from "../../contract/report-moderation";
import {
  type MeTooResult,
  type NearbyCase,
  type PublicReportCase,
  REPORT_PHOTOS_MAX_BYTES,
  REPORT_PHOTOS_MAX_COUNT,
  REPORT_TYPE_DEFINITIONS,
  type ReportData,
  type ReportResult,
  type UnfollowResult,
  ZMeTooParams,
  ZNearbyReportsQuery,
  ZReportData,
} from "../../contract/reports";
import { PromiseCache } from "../../platform/cache";
import { ApiError, badRequest } from "../../platform/http/api-error";
import { type MultipartRequest, readMultipart } from "../../platform/http/multipart";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { sniffImageType } from "../../platform/image-type";
import { sendPublicReportPhoto } from "./moderation.service";
import { meToo, type NearbyRow, nearbyCases, publicNearby, reportCaseFor, unfollow } from "./nearby.service";
import { reencodeReportPhoto } from "./report-photos";
import { checkReportWhere } from "./report-place";
import { existingReport, submitReport } from "./reports.service";

/** Each report's category step asks once; this stops a script spending the CRM's API budget. */
const NEARBY_THROTTLE: ThrottleRule[] = [{ name: "report-nearby", key: "caller", limit: 300, windowSeconds: 600 }];
const ME_TOO_THROTTLE: ThrottleRule[] = [{ name: "report-me-too", key: "caller", limit: 60, windowSeconds: 3600 }];
const UNFOLLOW_THROTTLE: ThrottleRule[] = [{ name: "report-unfollow", key: "caller", limit: 60, windowSeconds: 3600 }];
/**
 * A report's public case page (issue 33) reads the CRM once per view. A case id is guessable, so
 * misses are counted on their own, as the public photos' are. A signed-out visitor counts by client address.
 */
const REPORT_CASE_THROTTLE: ThrottleRule[] = [
  { name: "report-case", key: "caller", limit: 300, windowSeconds: 600 },
  { name: "report-case-misses", key: "caller", limit: 60, windowSeconds: 600, counts: "failures" },
];
/** A minute of staleness is harmless here and spares the CRM budget (places snap to ~10 m). */
const nearbyCache = new PromiseCache<string, NearbyRow[]>({ ttlMs: 60_000, max: 2000 });
/**
 * A report's public photo (issue 31): "Already reported?" shows a few per case, Open311 apps fetch
 * media_url. A case id is guessable, so misses are counted on their own.
 */
const PUBLIC_PHOTO_THROTTLE: ThrottleRule[] = [
  { name: "report-photo", key: "client", limit: 600, windowSeconds: 600 },
  { name: "report-photo-misses", key: "client", limit: 60, windowSeconds: 600, counts: "failures" },
];

/** Room for the multipart boundary, part headers and the report's JSON around the photos. */
const MULTIPART_OVERHEAD_BYTES = 128 * 1024;
const REPORT_DATA_MAX_BYTES = 32 * 1024;

/** A resident files a few reports a day; this stops a script filing cases in the city's CRM. */
const REPORT_THROTTLE: ThrottleRule[] = [{ name: "report-submit", key: "caller", limit: 30, windowSeconds: 3600 }];

const tooLarge = () =>
  new ApiError("too_large", `The photos may be at most ${REPORT_PHOTOS_MAX_BYTES} bytes together.`, {
    files: "TooLarge",
  });
const notAnImage = () => badRequest("Photos must be PNG, JPEG, GIF or WebP.", { files: "NotAnImage" });

export const reportPhotoObject = (uid: string, reportId: string, name: string) =>
  `report-photos/${uid}/${reportId}/${name}`;

interface Parsed {
  reportData: string | null;
  files: { type: UploadImageType; bytes: Buffer }[];
}

/** Reads the multipart body: the reportData field and the photos, refusing more than 10 MB of them. */
function parseMultipart(req: MultipartRequest): Promise<Parsed> {
  const limits = {
    files: REPORT_PHOTOS_MAX_COUNT,
    fileSize: REPORT_PHOTOS_MAX_BYTES + 1,
    fields: 2,
    fieldSize: REPORT_DATA_MAX_BYTES,
  };
  const unreadable = () =>
    badRequest("The body must be multipart/form-data with reportData.", { reportData: "Required" });
  return readMultipart<Parsed>(req, limits, unreadable, (parser, resolve, reject) => {
    const parsed: Parsed = { reportData: null, files: [] };
    let total = 0;
    let problem: ApiError | null = null;
    parser.on("field", (name, value, info) => {
      if (name === "reportData" && !info.valueTruncated) parsed.reportData = value;
      else if (name === "reportData") problem ??= badRequest("The report is too long.", { reportData: "Invalid" });
    });
    parser.on("file", (_field, file) => {
      const chunks: Buffer[] = [];
      file.on("data", (chunk: Buffer) => {
        total += chunk.length;
        if (total > REPORT_PHOTOS_MAX_BYTES) problem ??= tooLarge();
        else chunks.push(chunk);
      });
      file.on("end", () => {
        if (problem) return;
        const bytes = Buffer.concat(chunks);
        const type = sniffImageType(bytes);
        if (!type) problem = notAnImage();
        else parsed.files.push({ type, bytes });
      });
    });
    parser.on("filesLimit", () => {
      problem ??= badRequest(`At most ${REPORT_PHOTOS_MAX_COUNT} photos.`, { files: "TooMany" });
    });
    parser.on("error", () => reject(badRequest("The multipart body could not be read.")));
    parser.on("close", () => (problem ? reject(problem) : resolve(parsed)));
  });
}

function reportDataOf(text: string | null): ReportData {
  if (text === null) throw badRequest("reportData is required.", { reportData: "Required" });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest("reportData must be JSON.", { reportData: "Invalid" });
  }
  const result = ZReportData.safeParse(json);
  if (!result.success) {
    const fields = Object.fromEntries(
      result.error.issues.map((issue) => [["reportData", ...issue.path].join("."), issue.message]),
    );
    throw badRequest("The report is not valid.", fields);
  }
  return result.data;
}

/** Each photo re-encoded without its metadata (reencodeReportPhoto), then stored. Names are fixed by the
 * report id and position, so a repeated submit overwrites rather than adds. */
async function storePhotos(uid: string, reportId: string, files: Parsed["files"]): Promise<string[]> {
  if (files.length === 0) return [];
  const bucket = await storageBucket();
  const names: string[] = [];
  for (const [index, file] of files.entries()) {
    const output = await reencodeReportPhoto(file);
    const name = reportPhotoObject(uid, reportId, `${index + 1}.${IMAGE_EXTENSIONS[file.type]}`);
    await withStorage(() =>
      bucket.file(name).save(output, {
        resumable: false,
        contentType: file.type,
        metadata: { cacheControl: "private, max-age=3600" },
      }),
    );
    names.push(name);
  }
  return names;
}

export const reportRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/reports",
    access: "onboarded",
    bodyKind: "raw",
    throttle: REPORT_THROTTLE,
    summary: "Files a problem report (multipart: reportData JSON and up to 10 photos, 10 MB together) as a CRM case",
    handler: async ({ req, user }): Promise<ReportResult> => {
      const principal = requireUser(user);
      const declared = Number(req.header("content-length") ?? Number.NaN);
      if (Number.isFinite(declared) && declared > REPORT_PHOTOS_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
      if (!/^multipart\/form-data\b/i.test(req.header("content-type") ?? "")) {
        throw badRequest("The body must be multipart/form-data with reportData.", { reportData: "Required" });
      }
      const parsed = await parseMultipart(req);
      const report = reportDataOf(parsed.reportData);
      if (parsed.files.length > 0 && !REPORT_TYPE_DEFINITIONS[report.type].images) {
        throw badRequest("This report type takes no photos.", { files: "Invalid" });
      }
      const earlier = await existingReport(report.id, principal.uid);
      if (earlier) return earlier;
      // The place is checked here, not only in the browser (spec 3 §5, issue 33): nothing is filed outside the city.
      const where = await checkReportWhere(report);
      const photos = await storePhotos(principal.uid, report.id, parsed.files);
      return submitReport({
        reportId: report.id,
        uid: principal.uid,
        contactId: principal.salesforceId,
        report,
        photos,
        placeUnchecked: where.unchecked,
      });
    },
  }),
  route({
    method: "GET",
    path: "/api/reports/nearby",
    access: "onboarded",
    query: ZNearbyReportsQuery,
    throttle: NEARBY_THROTTLE,
    summary: 'Open cases of a report type within 250 m of a place (at most 5, nearest first), for "me too"',
    example: { query: { type: "streetlight", lat: "42.04", lng: "-88.28" } },
    handler: async ({ query }): Promise<{ cases: NearbyCase[] }> => {
      const place = { lat: Number(query.lat.toFixed(4)), lng: Number(query.lng.toFixed(4)) };
      const key = `${query.type}|${place.lat},${place.lng}`;
      // The CRM's rows are cached; moderation is read for every answer, so it shows at once.
      return { cases: await publicNearby(await nearbyCache.get(key, () => nearbyCases(query.type, place))) };
    },
  }),
  route({
    method: "GET",
    path: "/api/reports/:caseId",
    // Public, as Open311's GET requests/{id} (the same facts): a shared link opens for a signed-out
    // visitor, who signs in to follow it.
    access: "public",
    params: ZMeTooParams,
    throttle: REPORT_CASE_THROTTLE,
    summary:
      "A problem report's case as anyone may see it (type, status, place, public photos, followers; never the reporter), and whether the signed-in caller follows it",
    example: { params: { caseId: "500000000000001AAA" } },
    handler: async ({ params, user }): Promise<PublicReportCase> =>
      reportCaseFor(params.caseId, user ? { uid: user.uid, salesforceId: user.salesforceId } : null),
  }),
  route({
    method: "POST",
    path: "/api/reports/:caseId/me-too",
    access: "onboarded",
    params: ZMeTooParams,
    throttle: ME_TOO_THROTTLE,
    summary: 'Adds the resident as a follower of an open case ("me too") instead of filing a duplicate',
    example: { params: { caseId: "500000000000001AAA" } },
    handler: async ({ params, user }): Promise<MeTooResult> => {
      const principal = requireUser(user);
      const result = await meToo(params.caseId, principal.uid);
      nearbyCache.clear();
      return result;
    },
  }),
  route({
    method: "DELETE",
    path: "/api/reports/:caseId/me-too",
    access: "onboarded",
    params: ZMeTooParams,
    throttle: UNFOLLOW_THROTTLE,
    summary: 'The resident no longer follows a case she followed ("me too"): she hears no more of its updates',
    example: { params: { caseId: "500000000000001AAA" } },
    handler: async ({ params, user }): Promise<UnfollowResult> => {
      const principal = requireUser(user);
      const result = await unfollow(params.caseId, principal.uid);
      nearbyCache.clear();
      return result;
    },
  }),
  ...(["original", "redacted"] as const).map((version) =>
    route({
      method: "GET",
      path: `/api/reports/:caseId/photos/:index${version === "redacted" ? "/redacted" : ""}`,
      access: "public",
      params: ZPublicPhotoParams,
      throttle: PUBLIC_PHOTO_THROTTLE,
      summary:
        version === "redacted"
          ? "A report's photo staff redacted, as the public sees it: its blurred copy (404 while not redacted, or for a private report)"
          : "A report's photo as the public sees it (404 once staff redacted it or made the report private)",
      example: { params: { caseId: "500000000000001AAA", index: "0" } },
      handler: async ({ params, res }) => {
        await sendPublicReportPhoto(params.caseId, params.index, version === "redacted", res);
        return undefined;
      },
    }),
  ),
];
