import { gisConnector } from "../../connectors/gis/connection";
import type { GeocodeCandidate } from "../../connectors/gis/types";
import { CITY_BOUNDS, distanceMeters, type LatLng, REPORT_PLACE_MAX_METERS } from "../../contract/maps";
import { ConnectorError } from "../../platform/connector-error";
import { badRequest } from "../../platform/http/api-error";

/** Whether a point is inside the city's extent (geocoder answers and pins outside it are not the city's). */
export const insideCity = ({ lat, lng }: LatLng) =>
  lat >= CITY_BOUNDS.south && lat <= CITY_BOUNDS.north && lng >= CITY_BOUNDS.west && lng <= CITY_BOUNDS.east;

/** How a report's place was checked: against the GIS, or only against the city's bounds while the GIS was down. */
export type PlaceCheck = { checked: "gis"; candidate: GeocodeCandidate } | { checked: "bounds-only" };

/**
 * The server's check of a report's place (spec 3 §5: "the address is validated through a maps
 * service"; issue 33): the point is inside the city, and the address is one the city's geocoder
 * knows, within 250 m of the point (a pin dropped on the map takes the nearest address, at most
 * about 140 m away: the geocoder's reverse search stops at 0.001°). Otherwise a 400 with a field
 * error under `prefix` (`reportData.address`), and nothing is filed.
 *
 * While the GIS is down the report is not refused (a report is never lost to an outage, DESIGN
 * "Data"): the bounds check stands, and the answer says the address could not be checked.
 */
export async function checkReportPlace(
  place: { address: string; location: LatLng },
  prefix = "reportData.address",
): Promise<PlaceCheck> {
  if (!insideCity(place.location)) {
    throw badRequest("The place is outside the city.", { [`${prefix}.location`]: "OutsideCity" });
  }
  let candidates: GeocodeCandidate[];
  try {
    candidates = await gisConnector().geocode(place.address);
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "unavailable") return { checked: "bounds-only" };
    throw error;
  }
  const known = candidates.filter((candidate) => insideCity(candidate.location));
  if (known.length === 0) {
    throw badRequest("The city's map does not know this address.", { [`${prefix}.address`]: "AddressNotFound" });
  }
  const near = known.find((candidate) => distanceMeters(candidate.location, place.location) <= REPORT_PLACE_MAX_METERS);
  if (!near) {
    throw badRequest("The address is not where the pin is.", { [`${prefix}.location`]: "FarFromAddress" });
  }
  return { checked: "gis", candidate: near };
}
