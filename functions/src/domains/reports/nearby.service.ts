import { Timestamp } from "firebase-admin/firestore";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { distanceMeters, EARTH_RADIUS_METERS, type LatLng } from "../../contract/maps";
import {
  type MeTooResult,
  NEARBY_MAX,
  NEARBY_RADIUS_METERS,
  type NearbyCase,
  REPORT_TYPE_DEFINITIONS,
  type ReportType,
} from "../../contract/reports";
import { addReportFollower, reportFollowerCounts } from "../../data/report-followers";
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

/**
 * "Me too": the resident follows the open case instead of filing a duplicate. Once per resident
 * (the follower id is the case and the user), so a repeat changes nothing.
 */
export async function meToo(caseId: string, uid: string): Promise<MeTooResult> {
  const rows = await crmConnector().query<{ Id: string; CaseNumber: string; IsClosed: boolean }>(
    soql`SELECT Id, CaseNumber, IsClosed FROM Case WHERE Id = ${caseId} LIMIT 1`,
  );
  const found = rows[0];
  // A report staff marked private (issue 31) is not offered to the public, so it takes no "me too".
  if (!found || !isPublicCase(await readReportModeration(found.Id))) throw notFound("No such case.");
  if (found.IsClosed) throw conflict("This case is closed.");
  await addReportFollower(found.Id, uid, { caseId: found.Id, UserId: uid, createdAt: Timestamp.now() });
  const counts = await reportFollowerCounts([found.Id]);
  return { caseId: found.Id, caseNumber: String(found.CaseNumber), reporters: 1 + (counts.get(found.Id) ?? 0) };
}
