import { ConnectorError } from "../../platform/connector-error";
import { fetchWithTimeout } from "../../platform/outbound";
import { ArcgisAnswerError, arcgisGet, SYSTEM, toConnectorError } from "./arcgis-client";
import { type GisConfig, gisConfigFromEnv } from "./config";
import type {
  BoundingBox,
  GeocodeCandidate,
  GeoJsonFeatureCollection,
  GeoJsonPointFeature,
  GisAsset,
  GisConnector,
} from "./types";

interface ArcgisCandidate {
  address: string;
  location: { x: number; y: number };
  score: number;
  attributes: Record<string, unknown>;
}

const OUT_FIELDS = "Match_addr,Addr_type,AddNum,StName,StType,UnitName,Postal";
interface PointFeature {
  geometry?: { type?: string; coordinates?: unknown } | null;
  properties?: Record<string, unknown> | null;
}

const envelope = (box: BoundingBox) => ({
  geometry: [box.west, box.south, box.east, box.north].join(","),
  geometryType: "esriGeometryEnvelope",
  spatialRel: "esriSpatialRelIntersects",
  inSR: "4326",
  outSR: "4326",
});

/**
 * A GeoJSON point feature of a point layer, [lng, lat], with the text field that names it (`key`);
 * anything else is the service answering in another shape.
 */
function pointOf(feature: PointFeature, key: string): { lng: number; lat: number; name: string } {
  const coordinates = feature.geometry?.coordinates;
  const name = feature.properties?.[key];
  if (
    feature.geometry?.type !== "Point" ||
    !Array.isArray(coordinates) ||
    typeof coordinates[0] !== "number" ||
    typeof coordinates[1] !== "number" ||
    typeof name !== "string"
  ) {
    throw new Error(`not a point with ${key}`);
  }
  return { lng: coordinates[0], lat: coordinates[1], name };
}

/** A point of the asset layer: its tag (ASSET_ID), type and street. */
function assetOf(feature: PointFeature): GisAsset {
  const { lng, lat, name } = pointOf(feature, "ASSET_ID");
  return {
    id: name,
    type: text(feature.properties?.ASSET_TYPE),
    street: text(feature.properties?.STREET),
    location: { lat, lng },
  };
}

/** The fields of an address point the map shows (its line, and its house number for the label). */
const ADDRESS_FIELDS = "FULL_ADDRESS,ADD_NUM";

/** A point of the address layer: its line (FULL_ADDRESS) and house number (ADD_NUM). */
function addressPointOf(feature: PointFeature & { id?: unknown }): GeoJsonPointFeature {
  const { lng, lat, name } = pointOf(feature, "FULL_ADDRESS");
  return {
    type: "Feature",
    ...(typeof feature.id === "number" || typeof feature.id === "string" ? { id: feature.id } : {}),
    geometry: { type: "Point", coordinates: [lng, lat] },
    properties: { FULL_ADDRESS: name, ADD_NUM: text(feature.properties?.ADD_NUM) },
  };
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

const candidateOf = (found: ArcgisCandidate): GeocodeCandidate => ({
  address: found.address,
  location: { lat: found.location.y, lng: found.location.x },
  score: found.score,
  parts: {
    AddNum: text(found.attributes.AddNum),
    StName: text(found.attributes.StName),
    StType: text(found.attributes.StType),
    Postal: text(found.attributes.Postal),
    UnitName: text(found.attributes.UnitName),
  },
});

const isNoAddressFound = (error: unknown) =>
  error instanceof ArcgisAnswerError && error.error.details.some((detail) => /unable to find address/i.test(detail));

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toConnectorError(error);
  }
}

/** The real adapter: ArcGIS REST (GeocodeServer and FeatureServer layer queries), WGS84 in and out. */
export function createArcgisGisConnector(fixedConfig?: GisConfig): GisConnector {
  const config = () => fixedConfig ?? gisConfigFromEnv();

  const layer = (url: (config: GisConfig) => string) => (box: BoundingBox) =>
    guard(async () => {
      const current = config();
      const collection = await arcgisGet<GeoJsonFeatureCollection>(current, `${url(current)}/query`, {
        where: "1=1",
        ...envelope(box),
        outFields: "*",
        f: "geojson",
      });
      if (collection.type !== "FeatureCollection" || !Array.isArray(collection.features)) {
        throw new Error("not a GeoJSON FeatureCollection");
      }
      return { type: "FeatureCollection" as const, features: collection.features };
    });

  return {
    suggest: (typed, maxSuggestions = 5) =>
      guard(async () => {
        const current = config();
        const answer = await arcgisGet<{ suggestions: { text: string; magicKey: string }[] }>(
          current,
          `${current.geocoderUrl}/suggest`,
          { text: typed, maxSuggestions: String(maxSuggestions), f: "json" },
        );
        return answer.suggestions.map(({ text: label, magicKey }) => ({ text: label, magicKey }));
      }),

    geocode: (address, magicKey) =>
      guard(async () => {
        const current = config();
        const answer = await arcgisGet<{ candidates: ArcgisCandidate[] }>(
          current,
          `${current.geocoderUrl}/findAddressCandidates`,
          { SingleLine: address, ...(magicKey ? { magicKey } : {}), outFields: OUT_FIELDS, outSR: "4326", f: "json" },
        );
        return answer.candidates.map(candidateOf);
      }),

    reverseGeocode: (point) =>
      guard(async () => {
        const current = config();
        try {
          const answer = await arcgisGet<{ address: Record<string, unknown>; location: { x: number; y: number } }>(
            current,
            `${current.geocoderUrl}/reverseGeocode`,
            { location: `${point.lng},${point.lat}`, outSR: "4326", f: "json" },
          );
          return candidateOf({
            address: text(answer.address.LongLabel ?? answer.address.Match_addr),
            location: answer.location,
            score: 100,
            attributes: answer.address,
          });
        } catch (error) {
          if (isNoAddressFound(error)) return null;
          throw error;
        }
      }),

    parcels: layer((current) => current.parcelsLayerUrl),
    zoning: layer((current) => current.zoningLayerUrl),

    addresses: (box) =>
      guard(async () => {
        const current = config();
        const collection = await arcgisGet<{ type?: string; features?: (PointFeature & { id?: unknown })[] }>(
          current,
          `${current.addressesLayerUrl}/query`,
          { where: "1=1", ...envelope(box), outFields: ADDRESS_FIELDS, f: "geojson" },
        );
        if (collection.type !== "FeatureCollection" || !Array.isArray(collection.features)) {
          throw new Error("not a GeoJSON FeatureCollection");
        }
        return { type: "FeatureCollection" as const, features: collection.features.map(addressPointOf) };
      }),

    assets: (type, box) =>
      guard(async () => {
        if (!/^[A-Z_]+$/.test(type)) throw new ConnectorError(SYSTEM, "rejected", "Not an asset type");
        const current = config();
        const collection = await arcgisGet<{ type?: string; features?: PointFeature[] }>(
          current,
          `${current.assetsLayerUrl}/query`,
          { where: `ASSET_TYPE='${type}'`, ...envelope(box), outFields: "ASSET_ID,ASSET_TYPE,STREET", f: "geojson" },
        );
        if (collection.type !== "FeatureCollection" || !Array.isArray(collection.features)) {
          throw new Error("not a GeoJSON FeatureCollection");
        }
        return collection.features.map(assetOf);
      }),

    basemapTile: (zoom, x, y) => basemapTileOf(config(), zoom, x, y),
  };
}

/**
 * A cached tile of the MapServer (`/tile/{level}/{row}/{col}`, ArcGIS's order: row is y). The answer
 * is an image, so not through callJson; anything but a PNG (an ArcGIS error object, an HTML page)
 * means the service failed.
 */
async function basemapTileOf(config: GisConfig, zoom: number, x: number, y: number): Promise<Uint8Array> {
  const query = config.token ? `?token=${encodeURIComponent(config.token)}` : "";
  let response: Response;
  let body: ArrayBuffer;
  try {
    response = await fetchWithTimeout(`${config.basemapUrl}/tile/${zoom}/${y}/${x}${query}`, {
      timeoutMs: config.timeoutMs,
    });
    body = await response.arrayBuffer();
  } catch (error) {
    throw new ConnectorError(SYSTEM, "unavailable", "The GIS base map did not answer", String(error));
  }
  if (response.status === 404) throw new ConnectorError(SYSTEM, "not_found", "No such base map tile");
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.startsWith("image/png")) {
    throw new ConnectorError(SYSTEM, "unavailable", `The GIS base map answered ${response.status} ${type}`);
  }
  return new Uint8Array(body);
}
