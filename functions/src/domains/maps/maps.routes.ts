// GET /api/maps/suggest?text=
// GET /api/maps/geocode?address=&magicKey=
// GET /api/maps/reverse?lat=&lng=
// GET /api/maps/layers/:layer?south=&west=&north=&east=
// GET /api/maps/tiles/:z/:x/:y
// GET /api/maps/assets?kind=&lat=&lng=
import { gisConnector } from "../../connectors/gis/connection";
import {
  type AddressCandidate,
  type AddressSuggestion,
  CITY_BOUNDS,
  type CityAsset,
  type MapLayer,
  type MapLayerName,
  tileBounds,
  ZAddressSuggestQuery,
  ZGeocodeQuery,
  ZMapLayerParams,
  ZMapLayerQuery,
  ZMapTileParams,
  ZNearestAssetsQuery,
  ZReverseGeocodeQuery,
} from "../../contract/maps";
import { PromiseCache } from "../../platform/cache";
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { nearestAssets } from "./assets.service";
import { insideCity } from "./place.service";

/**
 * Geocoder calls cost money per request in production (ArcGIS credits), and a typing resident
 * asks once per pause; this budget lets a resident finish several reports and stops a script.
 */
const MAPS_THROTTLE: ThrottleRule[] = [{ name: "maps", key: "caller", limit: 600, windowSeconds: 600 }];

/** Parcels and zoning change a few times a year; addresses too. An hour spares the GIS service. */
const GIS_CACHE_MS = 60 * 60_000;
const suggestCache = new PromiseCache<string, AddressSuggestion[]>({ ttlMs: GIS_CACHE_MS, max: 2000 });
const geocodeCache = new PromiseCache<string, AddressCandidate[]>({ ttlMs: GIS_CACHE_MS, max: 2000 });
const layerCache = new PromiseCache<string, MapLayer>({ ttlMs: GIS_CACHE_MS, max: 500 });
const assetCache = new PromiseCache<string, CityAsset[]>({ ttlMs: GIS_CACHE_MS, max: 2000 });

/**
 * Tiles are images, loaded by the map without a sign-in (an <img> sends no bearer token), about 24
 * for a phone's view and more as it pans and zooms; this stops a script walking the tile space.
 */
const TILES_THROTTLE: ThrottleRule[] = [{ name: "map-tiles", key: "client", limit: 3000, windowSeconds: 600 }];
/** The base map changes when the city's streets do; a day in every cache, a few thousand tiles here. */
const TILE_CACHE_SECONDS = 24 * 60 * 60;
const tileCache = new PromiseCache<string, Uint8Array>({ ttlMs: TILE_CACHE_SECONDS * 1000, max: 3000 });

const tileInCity = (tile: { z: number; x: number; y: number }) => {
  const box = tileBounds(tile);
  return (
    box.north >= CITY_BOUNDS.south &&
    box.south <= CITY_BOUNDS.north &&
    box.east >= CITY_BOUNDS.west &&
    box.west <= CITY_BOUNDS.east
  );
};

/** Layer boxes are snapped outward to a 0.005° grid, so panning a little reuses cached answers. */
const GRID = 0.005;
const snap = (value: number, round: (x: number) => number) => Number((round(value / GRID) * GRID).toFixed(3));

export const mapsRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/maps/suggest",
    access: "onboarded",
    query: ZAddressSuggestQuery,
    throttle: MAPS_THROTTLE,
    summary: "Up to 5 city addresses starting with the typed text (the address step's typed route)",
    example: { query: { text: "1 Main" } },
    handler: async ({ query }): Promise<{ suggestions: AddressSuggestion[] }> => {
      const text = query.text.replace(/\s+/g, " ");
      const suggestions = await suggestCache.get(text.toLowerCase(), () => gisConnector().suggest(text, 5));
      return { suggestions };
    },
  }),
  route({
    method: "GET",
    path: "/api/maps/geocode",
    access: "onboarded",
    query: ZGeocodeQuery,
    throttle: MAPS_THROTTLE,
    summary: "The city addresses matching a typed or suggested address, best first; empty when none",
    example: { query: { address: "1 Main St" } },
    handler: async ({ query }): Promise<{ candidates: AddressCandidate[] }> => {
      const key = `${query.address.toLowerCase()}|${query.magicKey ?? ""}`;
      const found = await geocodeCache.get(key, () => gisConnector().geocode(query.address, query.magicKey));
      return { candidates: found.filter((candidate) => insideCity(candidate.location)).slice(0, 5) };
    },
  }),
  route({
    method: "GET",
    path: "/api/maps/reverse",
    access: "onboarded",
    query: ZReverseGeocodeQuery,
    throttle: MAPS_THROTTLE,
    summary: "The address nearest a point on the map, or null when none is near (a dropped pin)",
    example: { query: { lat: "42.04", lng: "-88.28" } },
    handler: async ({ query }): Promise<{ candidate: AddressCandidate | null }> => {
      if (!insideCity(query)) return { candidate: null };
      return { candidate: await gisConnector().reverseGeocode(query) };
    },
  }),
  route({
    method: "GET",
    path: "/api/maps/layers/:layer",
    access: "onboarded",
    params: ZMapLayerParams,
    query: ZMapLayerQuery,
    throttle: MAPS_THROTTLE,
    summary: "Parcel or zoning polygons, or address points, in a map view (GeoJSON)",
    example: {
      params: { layer: "parcels" },
      query: { south: "42.035", west: "-88.29", north: "42.045", east: "-88.27" },
    },
    handler: ({ params, query }): Promise<MapLayer> => {
      const box = {
        south: snap(query.south, Math.floor),
        west: snap(query.west, Math.floor),
        north: snap(query.north, Math.ceil),
        east: snap(query.east, Math.ceil),
      };
      const gis = gisConnector();
      const layer: Record<MapLayerName, (view: typeof box) => Promise<MapLayer>> = {
        parcels: gis.parcels,
        zoning: gis.zoning,
        addresses: gis.addresses,
      };
      return layerCache.get(`${params.layer}|${box.south},${box.west},${box.north},${box.east}`, () =>
        layer[params.layer](box),
      );
    },
  }),
  route({
    method: "GET",
    path: "/api/maps/assets",
    access: "onboarded",
    query: ZNearestAssetsQuery,
    throttle: MAPS_THROTTLE,
    summary: "The city's streetlights, hydrants or signs within 150 m of a place, nearest first (at most 5)",
    example: { query: { kind: "streetlight", lat: "42.0395", lng: "-88.2873" } },
    handler: async ({ query }): Promise<{ assets: CityAsset[] }> => {
      if (!insideCity(query)) return { assets: [] };
      // Addresses come from the geocoder, so residents at one address ask for the same point (to 0.1 m).
      const place = { lat: Number(query.lat.toFixed(6)), lng: Number(query.lng.toFixed(6)) };
      const key = `${query.kind}|${place.lat},${place.lng}`;
      return { assets: await assetCache.get(key, () => nearestAssets(query.kind, place)) };
    },
  }),
  route({
    method: "GET",
    path: "/api/maps/tiles/:z/:x/:y",
    access: "public",
    params: ZMapTileParams,
    throttle: TILES_THROTTLE,
    summary: "One 256-pixel PNG of the street base map under the city's map (404 outside the city)",
    example: { params: { z: "16", x: "16695", y: "24318" } },
    handler: async ({ params, res }) => {
      if (!tileInCity(params)) throw notFound("No base map there.");
      const png = await tileCache.get(`${params.z}/${params.x}/${params.y}`, () =>
        gisConnector().basemapTile(params.z, params.x, params.y),
      );
      res.setHeader("content-type", "image/png");
      // The same for everyone: Hosting's CDN and the browser keep it, so a tile is asked for once a day.
      res.setHeader("cache-control", `public, max-age=${TILE_CACHE_SECONDS}`);
      res.status(200).end(Buffer.from(png));
      return undefined;
    },
  }),
];
