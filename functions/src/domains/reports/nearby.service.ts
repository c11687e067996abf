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
import { conflict, notFound } from "../../platform/http/api-error";

const radians = (degrees: number) => (degrees * Math.PI) / 180;

type CaseRow = {
  Id: string;
  CaseNumber: string;
  Status: string;
  Location__Latitude__s: number | null;
  Location__Longitude__s: number | null;
};

/**
 * Open cases of the type's CRM service request type within 250 m, nearest first, at most 5. The
 * CRM is asked for a bounding box around the place; the circle is cut here.
 */
export async function nearbyCases(type: ReportType, place: LatLng): Promise<NearbyCase[]> {
  const { serviceRequestType } = REPORT_TYPE_DEFINITIONS[type].crm;
  const dLat = (NEARBY_RADIUS_METERS / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const dLng = dLat / Math.max(0.01, Math.cos(radians(place.lat)));
  const rows = await crmConnector().query<CaseRow>(
    soql`SELECT Id, CaseNumber, Status, Location__Latitude__s, Location__Longitude__s FROM Case WHERE IsClosed = false AND Service_Request_Type__c = ${serviceRequestType} AND Location__Latitude__s >= ${place.lat - dLat} AND Location__Latitude__s <= ${place.lat + dLat} AND Location__Longitude__s >= ${place.lng - dLng} AND Location__Longitude__s <= ${place.lng + dLng} LIMIT 200`,
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
  if (!found) throw notFound("No such case.");
  if (found.IsClosed) throw conflict("This case is closed.");
  await addReportFollower(found.Id, uid, { caseId: found.Id, UserId: uid, createdAt: Timestamp.now() });
  const counts = await reportFollowerCounts([found.Id]);
  return { caseId: found.Id, caseNumber: String(found.CaseNumber), reporters: 1 + (counts.get(found.Id) ?? 0) };
}
