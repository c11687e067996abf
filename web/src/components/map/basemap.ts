import { BASEMAP_MAX_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from "@contract/maps";
import L from "leaflet";
import { useRef } from "react";

/** The street base map, the GIS service's tiles through the portal (same origin, kept a day by every cache). */
const BASEMAP_TILES = "/api/maps/tiles/{z}/{x}/{y}";

/** Adds the street base map under a map's layers; `onError` hears of a tile that failed. */
export function addBasemap(map: L.Map, onError: () => void): void {
  L.tileLayer(BASEMAP_TILES, { maxZoom: MAP_MAX_ZOOM, maxNativeZoom: BASEMAP_MAX_ZOOM })
    .on("tileerror", onError)
    .addTo(map);
}

/**
 * A Leaflet map of the city on `container`, as every map of the portal starts: the city's zoom range,
 * none of Leaflet's own zoom or attribution controls (a map adds those it shows, translated), and the
 * street base map under what it draws. `options` add the map's own (its view, its keyboard).
 */
export function cityMap(container: HTMLElement, options: L.MapOptions, onBasemapError: () => void): L.Map {
  const map = L.map(container, {
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    attributionControl: false,
    zoomControl: false,
    ...options,
  });
  // Leaflet adds a layer once the map has a view, so a map whose view comes later may take it now.
  addBasemap(map, onBasemapError);
  return map;
}

/**
 * The caller's latest handlers, for a map made once: its Leaflet listeners call through the ref, so
 * they neither go stale nor make the map again when the parent renders new functions.
 */
export function useLatestHandlers<T>(handlers: T): { readonly current: T } {
  const ref = useRef(handlers);
  ref.current = handlers;
  return ref;
}
