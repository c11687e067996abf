import { gisConnector } from "../../connectors/gis/connection";
import {
  ASSET_NEAREST_MAX,
  ASSET_NEAREST_RADIUS_METERS,
  type AssetKind,
  type CityAsset,
  distanceMeters,
  EARTH_RADIUS_METERS,
  type LatLng,
} from "../../contract/maps";
import { ConnectorError } from "../../platform/connector-error";
import { badRequest } from "../../platform/http/api-error";

/** The asset layer's ASSET_TYPE of each kind. */
const LAYER_TYPE: Record<AssetKind, string> = { streetlight: "STREETLIGHT", hydrant: "HYDRANT", sign: "SIGN" };

/** The box around a point that holds every point within `meters` of it. */
function boxAround(point: LatLng, meters: number) {
  const dLat = (meters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const dLng = dLat / Math.cos((point.lat * Math.PI) / 180);
  const round = (value: number) => Number(value.toFixed(6));
  return {
    south: round(point.lat - dLat),
    west: round(point.lng - dLng),
    north: round(point.lat + dLat),
    east: round(point.lng + dLng),
  };
}

/**
 * The assets of a kind within 150 m of a place, nearest first, at most 5 (issue 33, "the exact
 * asset"): the report form's list, which is also the keyboard and screen-reader way to pick one.
 */
export async function nearestAssets(kind: AssetKind, point: LatLng, radius = ASSET_NEAREST_RADIUS_METERS) {
  const found = await gisConnector().assets(LAYER_TYPE[kind], boxAround(point, radius));
  return found
    .map(
      (asset): CityAsset => ({
        id: asset.id,
        kind,
        street: asset.street,
        location: asset.location,
        distanceMeters: Math.round(distanceMeters(point, asset.location)),
      }),
    )
    .filter((asset) => asset.distanceMeters <= radius)
    .sort((a, b) => a.distanceMeters - b.distanceMeters || a.id.localeCompare(b.id))
    .slice(0, ASSET_NEAREST_MAX);
}

/**
 * The server's check of a report's asset: one of its kind the GIS knows within 150 m of the
 * report's place; otherwise a 400 with `reportData.assetId` and nothing is filed. While the GIS
 * is down the id is kept unchecked, as the place is (a report is never lost to an outage).
 */
export async function checkReportAsset(kind: AssetKind, assetId: string, place: LatLng): Promise<"gis" | "unchecked"> {
  let known: boolean;
  try {
    const found = await gisConnector().assets(LAYER_TYPE[kind], boxAround(place, ASSET_NEAREST_RADIUS_METERS));
    known = found.some(
      (asset) => asset.id === assetId && distanceMeters(place, asset.location) <= ASSET_NEAREST_RADIUS_METERS,
    );
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "unavailable") return "unchecked";
    throw error;
  }
  if (!known) {
    throw badRequest("The city's map knows no such asset near this place.", { "reportData.assetId": "UnknownAsset" });
  }
  return "gis";
}
