import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface GisConfig {
  /** .../GeocodeServer */
  geocoderUrl: string;
  /** .../FeatureServer/{layer} of the parcel and zoning layers. */
  parcelsLayerUrl: string;
  zoningLayerUrl: string;
  /** .../FeatureServer/{layer} of the city's address points (FULL_ADDRESS, ADD_NUM, ...). */
  addressesLayerUrl: string;
  /** .../FeatureServer/{layer} of the city's assets (points with ASSET_ID, ASSET_TYPE, STREET). */
  assetsLayerUrl: string;
  /** .../MapServer of the street base map, whose cached tiles the map draws under the layers. */
  basemapUrl: string;
  /** ArcGIS token, when the services are secured. */
  token?: string;
  timeoutMs: number;
}

export function gisConfigFromEnv(env: NodeJS.ProcessEnv = process.env): GisConfig {
  const {
    GIS_GEOCODER_URL,
    GIS_PARCELS_LAYER_URL,
    GIS_ZONING_LAYER_URL,
    GIS_ADDRESSES_LAYER_URL,
    GIS_BASEMAP_URL,
    GIS_ASSETS_LAYER_URL,
  } = env;
  if (
    !GIS_GEOCODER_URL ||
    !GIS_PARCELS_LAYER_URL ||
    !GIS_ZONING_LAYER_URL ||
    !GIS_ADDRESSES_LAYER_URL ||
    !GIS_BASEMAP_URL ||
    !GIS_ASSETS_LAYER_URL
  ) {
    throw new Error(
      "GIS_GEOCODER_URL, GIS_PARCELS_LAYER_URL, GIS_ZONING_LAYER_URL, GIS_ADDRESSES_LAYER_URL, GIS_BASEMAP_URL and GIS_ASSETS_LAYER_URL must be set",
    );
  }
  return {
    geocoderUrl: GIS_GEOCODER_URL.replace(/\/$/, ""),
    parcelsLayerUrl: GIS_PARCELS_LAYER_URL.replace(/\/$/, ""),
    zoningLayerUrl: GIS_ZONING_LAYER_URL.replace(/\/$/, ""),
    addressesLayerUrl: GIS_ADDRESSES_LAYER_URL.replace(/\/$/, ""),
    assetsLayerUrl: GIS_ASSETS_LAYER_URL.replace(/\/$/, ""),
    basemapUrl: GIS_BASEMAP_URL.replace(/\/$/, ""),
    token: env.GIS_TOKEN || undefined,
    timeoutMs: Number(env.GIS_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
  };
}
