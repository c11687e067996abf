import { BASEMAP_MAX_ZOOM, type LatLng } from "@contract/maps";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import { cityMap, useLatestHandlers } from "./basemap";
import "./map.css";

/** A point the resident can pick on the map: a streetlight, a hydrant, a sign. */
export interface MapPoint {
  id: string;
  location: LatLng;
  /** What it is, as the list names it (the marker's tooltip). */
  label: string;
}

export interface AssetMapProps {
  /** The report's place: the pin, which the view always holds. */
  place: LatLng;
  points: readonly MapPoint[];
  /** The picked point's id, drawn apart; anything else picks none. */
  picked: string;
  onPick: (id: string) => void;
  /** The base map could not be drawn. */
  onLoadError: () => void;
}

const PICKED = "asset-marker--picked";

/**
 * The city's assets near the report's place as markers on the street map (issue 33): a tap or click
 * on one picks it. It is a pointer's shortcut to the list beside it, which is the keyboard and
 * screen-reader way (the same choice), so the map stays out of the tab order and the accessibility
 * tree. Its own chunk with Leaflet, loaded only when the list shows.
 */
export default function AssetMap({ place, points, picked, onPick, onLoadError }: AssetMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const markersRef = useRef(new Map<string, L.Marker>());
  const handlers = useLatestHandlers({ onPick, onLoadError });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = cityMap(container, { keyboard: false, scrollWheelZoom: false }, () => handlers.current.onLoadError());
    // The view first: Leaflet makes a marker's element only once the map has one.
    const bounds = L.latLngBounds([
      [place.lat, place.lng],
      ...points.map((point): [number, number] => [point.location.lat, point.location.lng]),
    ]);
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: BASEMAP_MAX_ZOOM });
    const pinIcon = L.divIcon({ className: "map-pin", iconSize: [20, 20], iconAnchor: [10, 10] });
    L.marker([place.lat, place.lng], { icon: pinIcon, keyboard: false, interactive: false }).addTo(map);
    const markers = markersRef.current;
    for (const point of points) {
      const icon = L.divIcon({ className: "asset-marker", iconSize: [28, 28], iconAnchor: [14, 14] });
      const marker = L.marker([point.location.lat, point.location.lng], { icon, keyboard: false, title: point.label })
        .on("click", () => handlers.current.onPick(point.id))
        .addTo(map);
      const element = marker.getElement();
      if (element) element.dataset.assetId = point.id;
      markers.set(point.id, marker);
    }
    container.dataset.points = String(points.length);
    return () => {
      markers.clear();
      map.remove();
    };
  }, [place.lat, place.lng, points]);

  useEffect(() => {
    for (const [id, marker] of markersRef.current) marker.getElement()?.classList.toggle(PICKED, id === picked);
  });

  return (
    <div className="map-frame map-frame--assets">
      <div ref={containerRef} className="map-canvas" aria-hidden="true" data-testid="asset-map" />
    </div>
  );
}
