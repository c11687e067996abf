import { z } from "zod";

/**
 * The map and geocoder constants and API shapes shared by the report and zoning address steps
 * (spec 3 §9) and the `/api/maps/*` routes.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** The map's default centre (spec 3 §9: about 42.04, -88.28). */
export const MAP_DEFAULT_CENTER: LatLng = { lat: 42.04, lng: -88.28 };
/** Where a report's marker starts (spec 3 §9: about 42.04, -88.29). */
export const REPORT_MARKER_DEFAULT: LatLng = { lat: 42.04, lng: -88.29 };
export const MAP_DEFAULT_ZOOM = 17;
export const MAP_MIN_ZOOM = 10;
export const MAP_MAX_ZOOM = 21;
/** Below this zoom the map shows a notice asking to zoom in (spec 3 §9). */
export const MAP_ZOOM_NOTICE_BELOW = 17;
/** Parcel and address layers are drawn only below this map scale (1:8500). */
export const MAP_LAYERS_MAX_SCALE = 8500;
/** Zoom and move reports are debounced by this long before layers are fetched (spec 3 §9). */
export const MAP_ZOOM_DEBOUNCE_MS = 300;

/**
 * The scale denominator of a Web Mercator zoom level at a latitude, as ArcGIS counts it
 * (96 dpi, 0.0254 m per inch): 1:591657528 at zoom 0 on the equator, halving each level.
 */
export function mapScaleAt(zoom: number, latitude: number): number {
  const metresPerPixel = (156543.03392804097 * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;
  return metresPerPixel * (96 / 0.0254);
}

/** Whether the parcel and address layers are drawn at this zoom (scale below 1:8500). */
export function mapLayersVisible(zoom: number, latitude: number): boolean {
  return mapScaleAt(zoom, latitude) < MAP_LAYERS_MAX_SCALE;
}

/** The city's extent: geocoder answers and pins outside it are not the city's business. */
export const CITY_BOUNDS = { south: 41.9, west: -88.5, north: 42.2, east: -88.1 } as const;

/**
 * A report's pin may be this far from the address it names (POST /api/reports checks it): a pin
 * dropped on the map takes the nearest address, which the geocoder finds up to 0.001° away (about
 * 140 m diagonally here).
 */
export const REPORT_PLACE_MAX_METERS = 250;

export const EARTH_RADIUS_METERS = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine) in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

const latitude = z.coerce.number().min(-90, { message: "Invalid" }).max(90, { message: "Invalid" });
const longitude = z.coerce.number().min(-180, { message: "Invalid" }).max(180, { message: "Invalid" });

export const ZLatLng = z.object({ lat: latitude, lng: longitude });

// GET /api/maps/suggest?text=
export const ZAddressSuggestQuery = z.object({
  text: z.string().trim().min(2, { message: "Required" }).max(120, { message: "Invalid" }),
});
export interface AddressSuggestion {
  text: string;
  magicKey: string;
}

// GET /api/maps/geocode?address=&magicKey=
export const ZGeocodeQuery = z.object({
  address: z.string().trim().min(1, { message: "Required" }).max(200, { message: "Invalid" }),
  magicKey: z
    .string()
    .max(200, { message: "Invalid" })
    .regex(/^[A-Za-z0-9_:.,=+/-]*$/, { message: "Invalid" })
    .optional(),
});

/** An address the geocoder found, with the parts the CRM's land-parcel lookup takes. */
export interface AddressCandidate {
  address: string;
  location: LatLng;
  score: number;
  parts: { AddNum: string; StName: string; StType: string; Postal: string; UnitName: string };
}

// GET /api/maps/reverse?lat=&lng=
export const ZReverseGeocodeQuery = ZLatLng;

/** Layer boxes larger than this (degrees a side) are refused: the map only asks at zoom ≥ 16. */
export const MAP_LAYER_MAX_SPAN_DEGREES = 0.1;

/**
 * The GIS layers the address map draws over its base map (spec 3 §7: "GIS layers (parcel, zoning,
 * address)"): parcel and zoning polygons, and the city's address points.
 */
export const MAP_LAYERS = ["parcels", "zoning", "addresses"] as const;
export type MapLayerName = (typeof MAP_LAYERS)[number];

// GET /api/maps/layers/:layer?south=&west=&north=&east=
export const ZMapLayerParams = z.object({ layer: z.enum(MAP_LAYERS, { message: "Invalid" }) });

/** The base map's own zooms: Leaflet scales zoom 19 up beyond it (maxNativeZoom). */
export const BASEMAP_MAX_ZOOM = 19;

/** GET /api/maps/tiles/:z/:x/:y: one tile of the street base map (Web Mercator, as Leaflet asks). */
export const ZMapTileParams = z
  .object({
    z: z.coerce.number().int().min(MAP_MIN_ZOOM).max(BASEMAP_MAX_ZOOM),
    x: z.coerce.number().int().min(0),
    y: z.coerce.number().int().min(0),
  })
  .refine(({ z: zoom, x, y }) => x < 2 ** zoom && y < 2 ** zoom, { message: "Invalid", path: ["x"] });
export type MapTileParams = z.infer<typeof ZMapTileParams>;

/** The tile's corners in degrees (Web Mercator tile z/x/y). */
export function tileBounds({ z: zoom, x, y }: MapTileParams): {
  south: number;
  west: number;
  north: number;
  east: number;
} {
  const n = 2 ** zoom;
  const lng = (col: number) => (col / n) * 360 - 180;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: lng(x), east: lng(x + 1), north: lat(y), south: lat(y + 1) };
}
// --- The city's assets (issue 33, "the exact asset"): streetlights, hydrants and signs from the GIS ---

/** The kinds of city asset a report can name, each a GIS asset layer's ASSET_TYPE. */
export const ASSET_KINDS = ["streetlight", "hydrant", "sign"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** The nearest-assets list offers at most this many, within this distance of the report's place. */
export const ASSET_NEAREST_MAX = 5;
export const ASSET_NEAREST_RADIUS_METERS = 150;

/** An asset id as the city tags it: "SL-0123" (streetlight), "HY-0045" (hydrant), "SG-0007" (sign). */
export const ASSET_ID_PATTERN = /^[A-Z]{2}-\d{4}$/;
export const ZAssetId = z.string().regex(ASSET_ID_PATTERN, { message: "Invalid" });

/** Each kind's tag prefix, as the city's GIS tags its assets. */
export const ASSET_ID_PREFIX: Record<AssetKind, string> = { streetlight: "SL", hydrant: "HY", sign: "SG" };

/** The kind of asset an id tags ("SL-0123": a streetlight), or null for another tag. */
export function assetKindOfId(id: string): AssetKind | null {
  const prefix = id.slice(0, 2);
  return ASSET_KINDS.find((kind) => ASSET_ID_PREFIX[kind] === prefix) ?? null;
}

// GET /api/maps/assets?kind=&lat=&lng=
export const ZNearestAssetsQuery = ZLatLng.extend({ kind: z.enum(ASSET_KINDS, { message: "Invalid" }) });

/** A city asset near a place: its id (the tag on it), where it stands, and how far from the place. */
export interface CityAsset {
  id: string;
  kind: AssetKind;
  /** The street it stands on, as the GIS names it ("Highland Ave"). */
  street: string;
  location: LatLng;
  distanceMeters: number;
}

export const ZMapLayerQuery = z
  .object({ south: latitude, west: longitude, north: latitude, east: longitude })
  .refine((box) => box.north > box.south && box.east > box.west, { message: "Invalid", path: ["north"] })
  .refine(
    (box) => box.north - box.south <= MAP_LAYER_MAX_SPAN_DEGREES && box.east - box.west <= MAP_LAYER_MAX_SPAN_DEGREES,
    { message: "Invalid", path: ["east"] },
  );
export type MapLayerQuery = z.output<typeof ZMapLayerQuery>;

export interface MapLayerFeature {
  type: "Feature";
  id?: number | string;
  /** Parcels and zoning are polygons; the address layer's features are points ([lng, lat]). */
  geometry: { type: "Polygon"; coordinates: [number, number][][] } | { type: "Point"; coordinates: [number, number] };
  properties: Record<string, string | number | boolean | null>;
}
export interface MapLayer {
  type: "FeatureCollection";
  features: MapLayerFeature[];
}
