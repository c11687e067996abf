import {
  type LatLng,
  MAP_DEFAULT_ZOOM,
  MAP_LAYERS,
  MAP_ZOOM_DEBOUNCE_MS,
  MAP_ZOOM_NOTICE_BELOW,
  type MapLayer,
  mapLayersVisible,
} from "@contract/maps";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { getMapLayer } from "@/api/maps";
import { cityMap, useLatestHandlers } from "./basemap";
import "./map.css";

export interface LeafletMapProps {
  /** Where the map opens (and moves to when it changes). */
  center: LatLng;
  /** The dropped pin, if any. */
  pin: LatLng | null;
  /** A pin dropped by a click, a tap or Enter (at the centre). */
  onPick: (point: LatLng) => void;
  /** The base map could not be drawn: the page shows 'Could not load map'. */
  onLoadError: () => void;
  /** Id of the instructions text the map's container is described by. */
  describedBy: string;
}

// Over the street base map: outlines with a light fill, so the streets show between the parcels.
const PARCEL_STYLE: L.PathOptions = { color: "#5b6570", weight: 1, fillColor: "#f3f6f8", fillOpacity: 0.6 };
const ZONING_STYLE: L.PathOptions = { color: "#0b4f6c", weight: 2, fill: false };
/** From this zoom the address points carry their house numbers (closer, the numbers of neighbours overlap). */
const ADDRESS_NUMBERS_FROM_ZOOM = 19;

/** An address point: a dot, and its house number once zoomed in far enough (map.css). */
function addressMarker(feature: GeoJSON.Feature, at: L.LatLng): L.Marker {
  const number = document.createElement("span");
  number.className = "map-address__number";
  number.setAttribute("aria-hidden", "true");
  number.textContent = String(feature.properties?.ADD_NUM ?? "");
  const icon = L.divIcon({ className: "map-address", html: number, iconSize: [8, 8], iconAnchor: [4, 4] });
  return L.marker(at, { icon, keyboard: false, interactive: false });
}

/**
 * The Leaflet map of the address step, its own chunk (loaded only on this step). Keyboard:
 * Leaflet's own handler pans with the arrows and zooms with + and -; Enter drops the pin at the
 * centre, where a crosshair shows it will land. Under the GIS service's parcel and zoning polygons
 * and address points (drawn once zoomed in) is the street base map, the same service's tiles. The
 * address points are for the eye (aria-hidden): the typed address is the way to name one.
 */
export default function LeafletMap({ center, pin, onPick, onLoadError, describedBy }: LeafletMapProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const pinRef = useRef<L.Marker | null>(null);
  const [zoom, setZoom] = useState(MAP_DEFAULT_ZOOM);
  const handlers = useLatestHandlers({ onPick, onLoadError });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; centre and pin follow below
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = cityMap(container, { center: [center.lat, center.lng], zoom: MAP_DEFAULT_ZOOM, keyboard: true }, () =>
      handlers.current.onLoadError(),
    );
    mapRef.current = map;
    L.control.zoom({ zoomInTitle: t("Map.ZoomIn"), zoomOutTitle: t("Map.ZoomOut") }).addTo(map);

    const zoning = L.geoJSON(undefined, { style: ZONING_STYLE, interactive: false });
    const parcels = L.geoJSON(undefined, { style: PARCEL_STYLE, interactive: false });
    const addresses = L.geoJSON(undefined, { pointToLayer: addressMarker });
    L.control.attribution({ prefix: false }).addAttribution(t("Map.Attribution")).addTo(map);
    parcels.addTo(map);
    zoning.addTo(map);
    addresses.addTo(map);

    // Layers follow the view, asked for once zoom and moves have settled (spec 3 §9: 300 ms).
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | undefined;
    const refreshLayers = () => {
      inFlight?.abort();
      const view = map.getCenter();
      if (!mapLayersVisible(map.getZoom(), view.lat)) {
        parcels.clearLayers();
        zoning.clearLayers();
        addresses.clearLayers();
        return;
      }
      const bounds = map.getBounds();
      const box = {
        south: bounds.getSouth(),
        west: bounds.getWest(),
        north: bounds.getNorth(),
        east: bounds.getEast(),
      };
      const controller = new AbortController();
      inFlight = controller;
      Promise.all(MAP_LAYERS.map((layer) => getMapLayer(layer, box, controller.signal)))
        .then(([parcelLayer, zoningLayer, addressLayer]: MapLayer[]) => {
          if (controller.signal.aborted) return;
          parcels.clearLayers().addData(parcelLayer as GeoJSON.FeatureCollection);
          zoning.clearLayers().addData(zoningLayer as GeoJSON.FeatureCollection);
          addresses.clearLayers().addData(addressLayer as GeoJSON.FeatureCollection);
          container.dataset.layers = "drawn";
        })
        .catch(() => {
          if (!controller.signal.aborted) handlers.current.onLoadError();
        });
    };
    const settle = () => {
      setZoom(map.getZoom());
      clearTimeout(timer);
      timer = setTimeout(refreshLayers, MAP_ZOOM_DEBOUNCE_MS);
    };
    map.on("zoomend moveend", settle);
    settle();

    map.on("click", (event: L.LeafletMouseEvent) => handlers.current.onPick(event.latlng));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || event.target !== container) return;
      event.preventDefault();
      const { lat, lng } = map.getCenter();
      handlers.current.onPick({ lat, lng });
    };
    container.addEventListener("keydown", onKeyDown);

    return () => {
      clearTimeout(timer);
      inFlight?.abort();
      container.removeEventListener("keydown", onKeyDown);
      map.remove();
      mapRef.current = null;
      pinRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const current = map.getCenter();
    if (Math.abs(current.lat - center.lat) > 1e-7 || Math.abs(current.lng - center.lng) > 1e-7) {
      map.setView([center.lat, center.lng], Math.max(map.getZoom(), MAP_DEFAULT_ZOOM));
    }
  }, [center.lat, center.lng]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!pin) {
      pinRef.current?.remove();
      pinRef.current = null;
      return;
    }
    if (pinRef.current) pinRef.current.setLatLng([pin.lat, pin.lng]);
    else {
      const icon = L.divIcon({ className: "map-pin", iconSize: [24, 24], iconAnchor: [12, 12] });
      pinRef.current = L.marker([pin.lat, pin.lng], { icon, keyboard: false, interactive: false }).addTo(map);
    }
  }, [pin]);

  return (
    <div className={zoom >= ADDRESS_NUMBERS_FROM_ZOOM ? "map-frame map-frame--numbers" : "map-frame"}>
      <div
        ref={containerRef}
        className="map-canvas"
        role="application"
        aria-roledescription={t("Map.RoleDescription")}
        aria-label={t("Map.Label")}
        aria-describedby={describedBy}
        data-testid="address-map"
      />
      <div className="map-crosshair" aria-hidden="true" />
      {zoom < MAP_ZOOM_NOTICE_BELOW ? (
        <p className="map-zoom-notice" role="status">
          {t("Map.ZoomNotice")}
        </p>
      ) : null}
    </div>
  );
}
