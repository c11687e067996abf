import { BASEMAP_MAX_ZOOM, MAP_MAX_ZOOM } from "@contract/maps";
import L from "leaflet";

/** The street base map, the GIS service's tiles through the portal (same origin, kept a day by every cache). */
const BASEMAP_TILES = "/api/maps/tiles/{z}/{x}/{y}";

/** Adds the street base map under a map's layers; `onError` hears of a tile that failed. */
export function addBasemap(map: L.Map, onError: () => void): void {
  L.tileLayer(BASEMAP_TILES, { maxZoom: MAP_MAX_ZOOM, maxNativeZoom: BASEMAP_MAX_ZOOM })
    .on("tileerror", onError)
    .addTo(map);
}
