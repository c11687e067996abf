import { Timestamp } from "firebase-admin/firestore";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { distanceMeters, EARTH_RADIUS_METERS, type LatLng } from "../../contract/maps";
import {
  type MeTooResult,
  NEARBY_MAX,
  NEARBY_RADIUS_METERS,
  type NearbyCase,
  type PublicReportCase,
  REPORT_TYPE_DEFINITIONS,
  REPORT_TYPES,
  type ReportType,
  type UnfollowResult,
} from "../../contract/reports";
import {
  addReportFollower,
  isReportFollower,
  removeReportFollower,
  reportFollowerCounts,
} from "../../data/report-followers";
import { readReportModeration } from "../../data/report-moderation";
import { conflict, notFound } from "../../platform/http/api-error";
import { isPublicCase, photoNamesOf, publicModerationOf, publicPhotoPaths } from "./moderation.service";

const radians = (degrees: number) => (degrees * Math.PI) / 180;

type CaseRow = {
  Id: string;
  CaseNumber: string;
  Status: string;
  Location__Latitude__s: number | null;
  Location__Longitude__s: number | null;
  Report_Photos__c: string | null;
};

/** A nearby case as the CRM answers it (cached); its moderation is applied per answer (publicNearby). */
export type NearbyRow = Omit<NearbyCase, "photos"> & { photoCount: number };

/**
 * Open cases of the type's CRM service request type within 250 m, nearest first, at most 5. The
 * CRM is asked for a bounding box around the place; the circle is cut here.
 */
export async function nearbyCases(type: ReportType, place: LatLng): Promise<NearbyRow[]> {
  const { serviceRequestType } = REPORT_TYPE_DEFINITIONS[type].crm;
  const dLat = (NEARBY_RADIUS_METERS / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos(radians(place.lat)));
  const rows = await crmConnector().query<CaseRow>(
    soql`SELECT Id, CaseNumber, Status, Location__Latitude__s, Location__Longitude__s, Report_Photos__c FROM Case WHERE IsClosed = false AND Service_Request_Type__c = ${serviceRequestType} AND Location__Latitude__s >= ${place.lat - dLat} AND Location__Latitude__s <= ${place.lat + dLat} AND Location__Longitude__s >= ${place.lng - dLng} AND Location__Longitude__s <= ${place.lng + dLng} LIMIT 200`,
  );
  const near = rows
    .filter((row) => row.Location__Latitude__s !== null && row.Location__Longitude__s !== null)
    .map((row) => ({
      row,
      distance: distanceMeters(place, {
        lat: Number(row.Location__Latitude__s),
        lng: Number(row.Location__Longitude__s),
      }),
    }))
    .filter(({ distance }) => distance <= NEARBY_RADIUS_METERS)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEARBY_MAX);
  const followers = await reportFollowerCounts(near.map(({ row }) => row.Id));
  return near.map(({ row, distance }) => ({
    caseId: row.Id,
    caseNumber: String(row.CaseNumber),
    status: String(row.Status),
    distanceMeters: Math.round(distance),
    reporters: 1 + (followers.get(row.Id) ?? 0),
    photoCount: photoNamesOf(row.Report_Photos__c).length,
  }));
}

/**
 * The nearby cases as the public may see them (issue 31), read fresh on every answer: a private
 * report is left out, and each photo is named by its public address (the blurred copy once redacted).
 */
export async function publicNearby(rows: NearbyRow[]): Promise<NearbyCase[]> {
  const moderation = await publicModerationOf(rows.map((row) => row.caseId));
  return rows
    .filter((row) => isPublicCase(moderation.get(row.caseId)))
    .map(({ photoCount, ...row }) => ({
      ...row,
      photos: publicPhotoPaths(row.caseId, photoCount, moderation.get(row.caseId)),
    }));
}

/** The report type of each CRM service request type the portal files. */
const TYPE_OF_REQUEST = new Map<string, ReportType>(
  REPORT_TYPES.map((type) => [REPORT_TYPE_DEFINITIONS[type].crm.serviceRequestType, type]),
);

type ReportCaseRow = {
  Id: string;
  CaseNumber: string;
  Status: string;
  IsClosed: boolean;
  ContactId: string | null;
  Service_Request_Type__c: string | null;
  Report_Address__c: string | null;
  Report_Photos__c: string | null;
};

/**
 * A problem report's case as the public may see it, or 404: no such case, a case that is not a
 * report (a permit's case is nobody else's business), or a report staff marked private (issue 31).
 */
async function publicReportCase(caseId: string) {
  const rows = await crmConnector().query<ReportCaseRow>(
    soql`SELECT Id, CaseNumber, Status, IsClosed, ContactId, Service_Request_Type__c, Report_Address__c, Report_Photos__c FROM Case WHERE Id = ${caseId} LIMIT 1`,
  );
  const found = rows[0];
  const type = found ? TYPE_OF_REQUEST.get(String(found.Service_Request_Type__c)) : undefined;
  if (!found || !type) throw notFound("No such case.");
  const moderation = await readReportModeration(found.Id);
  if (!isPublicCase(moderation)) throw notFound("No such case.");
  return { row: found, type, moderation };
}

/**
 * GET /api/reports/:caseId (issue 33): the case's public facts, whether the caller follows it, and
 * whether it is hers (neither for a signed-out visitor: `caller` null). The reporter, contact and
 * description are never part of it.
 */
export async function reportCaseFor(
  caseId: string,
  caller: { uid: string; salesforceId: string | null } | null,
): Promise<PublicReportCase> {
  const { row, type, moderation } = await publicReportCase(caseId);
  const [counts, following] = await Promise.all([
    reportFollowerCounts([row.Id]),
    caller ? isReportFollower(row.Id, caller.uid) : false,
  ]);
  return {
    caseId: row.Id,
    caseNumber: String(row.CaseNumber),
    type,
    status: String(row.Status),
    closed: row.IsClosed === true,
    address: row.Report_Address__c ?? null,
    photos: publicPhotoPaths(row.Id, photoNamesOf(row.Report_Photos__c).length, moderation),
    reporters: 1 + (counts.get(row.Id) ?? 0),
    following,
    mine: Boolean(caller?.salesforceId) && row.ContactId === caller?.salesforceId,
  };
}

/**
 * "Me too": the resident follows the open report case instead of filing a duplicate, from the
 * report form's nearby list or the case's public page. Once per resident (the follower id is the
 * case and the user), so a repeat changes nothing.
 */
export async function meToo(caseId: string, uid: string): Promise<MeTooResult> {
  const { row: found } = await publicReportCase(caseId);
  if (found.IsClosed) throw conflict("This case is closed.");
  await addReportFollower(found.Id, uid, { caseId: found.Id, UserId: uid, createdAt: Timestamp.now() });
  const counts = await reportFollowerCounts([found.Id]);
  return { caseId: found.Id, caseNumber: String(found.CaseNumber), reporters: 1 + (counts.get(found.Id) ?? 0) };
}

/**
 * The resident no longer follows the case (and hears no more of it). Asks the CRM nothing: a case
 * that closed or became private since can be unfollowed too; a repeat changes nothing.
 */
export async function unfollow(caseId: string, uid: string): Promise<UnfollowResult> {
  await removeReportFollower(caseId, uid);
  const counts = await reportFollowerCounts([caseId]);
  return { caseId, following: false, reporters: 1 + (counts.get(caseId) ?? 0) };
}
