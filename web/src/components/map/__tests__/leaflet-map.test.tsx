import {
  type LatLng,
  MAP_DEFAULT_CENTER,
  MAP_LAYERS_MAX_SCALE,
  mapLayersVisible,
  mapScaleAt,
  REPORT_MARKER_DEFAULT,
} from "@contract/maps";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import LeafletMap from "../leaflet-map";

/**
 * The real Leaflet map (spec 3 §8, §9: audit items T11-T15) in jsdom. jsdom has no layout, so the
 * map's box is given a size; the map's view is then read from what it asks the GIS for: the parcel
 * layer's box is the view, its middle the centre and its width the zoom.
 */
const SIZE = 512;
const sized = { clientWidth: SIZE, clientHeight: SIZE };
const saved = Object.fromEntries(
  Object.keys(sized).map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)]),
);

interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Two address points of the GIS address layer near the default centre, as the API answers them. */
const ADDRESS_POINTS = [
  { number: "138", lng: -88.2801, lat: 42.0401 },
  { number: "142", lng: -88.2799, lat: 42.0399 },
].map(({ number, lng, lat }, index) => ({
  type: "Feature",
  id: index + 1,
  geometry: { type: "Point", coordinates: [lng, lat] },
  properties: { FULL_ADDRESS: `${number} Highland Ave, Elgin, Illinois, 60123`, ADD_NUM: number },
}));

function renderMap(center: LatLng = MAP_DEFAULT_CENTER, layers: "answer" | "fail" = "answer") {
  const boxes: Box[] = [];
  const calls = fakeFetch(({ url }) => {
    const match = /\/api\/maps\/layers\/(parcels|zoning|addresses)\?(.*)$/.exec(url);
    if (!match) return undefined;
    const query = new URLSearchParams(match[2]);
    if (match[1] === "parcels") {
      const read = (name: string) => Number(query.get(name));
      boxes.push({ south: read("south"), west: read("west"), north: read("north"), east: read("east") });
    }
    if (layers === "fail") return json({ error: { code: "unavailable" } }, 503);
    return json({ type: "FeatureCollection", features: match[1] === "addresses" ? ADDRESS_POINTS : [] });
  });
  const onLoadError = vi.fn();
  render(<LeafletMap center={center} pin={null} onPick={() => undefined} onLoadError={onLoadError} describedBy="x" />);
  const layerCalls = () => calls.mock.calls.filter(([url]) => String(url).includes("/api/maps/layers/")).length;
  const layersAsked = () =>
    calls.mock.calls.map(([url]) => /\/api\/maps\/layers\/(\w+)/.exec(String(url))?.[1]).filter(Boolean);
  return { boxes, layerCalls, layersAsked, onLoadError };
}

/** The zoom of a view box SIZE px wide (Web Mercator: 256 px show 360° at zoom 0). */
const zoomOf = (box: Box) => Math.round(Math.log2((SIZE * 360) / (256 * (box.east - box.west))));
const centreOf = (box: Box) => ({ lat: (box.south + box.north) / 2, lng: (box.west + box.east) / 2 });
const last = <T,>(items: T[]) => items[items.length - 1] as T;

const zoomIn = () => fireEvent.click(screen.getByRole("button", { name: en.Map.ZoomIn }));
const zoomOut = () => fireEvent.click(screen.getByRole("button", { name: en.Map.ZoomOut }));
const settle = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const notice = () => document.querySelector(".map-zoom-notice")?.textContent ?? null;
const addressDots = () => [...document.querySelectorAll(".leaflet-marker-pane .map-address")];

beforeEach(() => {
  for (const [name, value] of Object.entries(sized))
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
  for (const [name, descriptor] of Object.entries(saved))
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

describe("the address map (spec 3 §9)", () => {
  it("opens on the centre it is given, at zoom 17, with no zoom notice (T11, T12)", async () => {
    const { boxes } = renderMap(MAP_DEFAULT_CENTER);
    await settle(300);
    expect(boxes).toHaveLength(1);
    const box = boxes[0] as Box;
    expect(zoomOf(box)).toBe(17);
    expect(centreOf(box).lat).toBeCloseTo(42.04, 4);
    expect(centreOf(box).lng).toBeCloseTo(-88.28, 4);
    expect(notice()).toBeNull();
  });

  it("a report's map opens on the report marker's default, about 42.04, -88.29 (T11)", async () => {
    const { boxes } = renderMap(REPORT_MARKER_DEFAULT);
    await settle(300);
    expect(centreOf(boxes[0] as Box).lat).toBeCloseTo(42.04, 4);
    expect(centreOf(boxes[0] as Box).lng).toBeCloseTo(-88.29, 4);
  });

  it("asks for the layers 300 ms after the zooming stops, once (T15)", async () => {
    const { boxes, layerCalls } = renderMap();
    await settle(299);
    expect(layerCalls()).toBe(0);
    await settle(1);
    // Parcels, zoning and addresses (spec 3 §7), each once.
    expect(layerCalls()).toBe(3);
    zoomIn();
    await settle(200);
    zoomIn();
    await settle(299);
    expect(layerCalls()).toBe(3);
    await settle(1);
    expect(layerCalls()).toBe(6);
    expect(zoomOf(last(boxes))).toBe(19);
  });

  it("zooms in no further than 21 (T12)", async () => {
    const { boxes } = renderMap();
    for (let click = 0; click < 6; click += 1) zoomIn();
    await settle(300);
    expect(zoomOf(last(boxes))).toBe(21);
    expect(screen.getByRole("button", { name: en.Map.ZoomIn }).className).toContain("leaflet-disabled");
  });

  it("under zoom 17 says to zoom in; draws the layers only below 1:8,500, that is down to zoom 16 here; zooms out no further than 10 (T12, T13, T14)", async () => {
    const { boxes, layerCalls } = renderMap();
    await settle(300);
    zoomOut();
    await settle(300);
    // Zoom 16 at Elgin's latitude is about 1:6,700: the layers are still asked for.
    expect(zoomOf(last(boxes))).toBe(16);
    expect(layerCalls()).toBe(6);
    expect(notice()).toBe(en.Map.ZoomNotice);
    expect(en.Map.ZoomNotice).toBe("Zoom in to see the parcels and addresses.");
    await act(() => i18n.changeLanguage("es"));
    expect(notice()).toBe(es.Map.ZoomNotice);
    expect(es.Map.ZoomNotice).toBe("Acerque el mapa para ver las parcelas y las direcciones.");
    await act(() => i18n.changeLanguage("en"));

    // Zoom 15 is about 1:13,400: no layers are asked for.
    zoomOut();
    await settle(300);
    expect(layerCalls()).toBe(6);
    for (let click = 0; click < 6; click += 1) zoomOut();
    await settle(300);
    expect(screen.getByRole("button", { name: en.Map.ZoomOut }).className).toContain("leaflet-disabled");
    expect(layerCalls()).toBe(6);
    // Back in from the floor: 10 + 6 = 16 draws again, so the floor was 10, not lower.
    for (let click = 0; click < 6; click += 1) zoomIn();
    await settle(300);
    expect(zoomOf(last(boxes))).toBe(16);
    expect(notice()).toBe(en.Map.ZoomNotice);
    zoomIn();
    await settle(300);
    expect(notice()).toBeNull();
  });

  it("draws the GIS address layer (T10): a dot per address point, loaded with the parcels by the same zoom and debounce rules, numbered from zoom 19, gone above 1:8,500", async () => {
    const { layersAsked } = renderMap();
    await settle(299);
    expect(addressDots()).toHaveLength(0);
    await settle(1);
    expect(layersAsked()).toEqual(["parcels", "zoning", "addresses"]);
    // Where the API put them: the dots' screen positions follow the points' longitudes (138 is west of 142).
    expect(addressDots()).toHaveLength(2);
    const left = (dot: Element) => {
      const { style } = dot as HTMLElement;
      const moved = /translate3d\((-?[\d.]+)px/.exec(style.transform)?.[1];
      return Number.parseFloat(moved ?? style.left);
    };
    const [west, east] = addressDots();
    expect(left(west as Element)).toBeLessThan(left(east as Element));
    expect(addressDots().map((dot) => dot.textContent)).toEqual(["138", "142"]);
    // The numbers are for the eye, not read out (the typed address is the way to name one).
    for (const dot of addressDots())
      expect(dot.querySelector("[aria-hidden='true']")?.textContent).toBe(dot.textContent);
    // At 17 the numbers are hidden (map.css shows them only inside .map-frame--numbers); from 19 they show.
    const frame = () => document.querySelector(".map-frame") as HTMLElement;
    expect(frame().classList.contains("map-frame--numbers")).toBe(false);
    zoomIn();
    await settle(300);
    expect(frame().classList.contains("map-frame--numbers")).toBe(false);
    zoomIn();
    await settle(300);
    expect(frame().classList.contains("map-frame--numbers")).toBe(true);
    expect(addressDots()).toHaveLength(2);
    // Zoom 15 (about 1:13,400): the address layer is cleared with the parcels, and not asked for.
    for (let click = 0; click < 4; click += 1) zoomOut();
    await settle(300);
    expect(addressDots()).toHaveLength(0);
    expect(layersAsked().filter((layer) => layer === "addresses")).toHaveLength(3);
  });

  it("tells the page the map could not load when the GIS layers fail ('Could not load map', spec 3 §8)", async () => {
    const { onLoadError } = renderMap(MAP_DEFAULT_CENTER, "fail");
    expect(onLoadError).not.toHaveBeenCalled();
    await settle(300);
    expect(onLoadError).toHaveBeenCalledTimes(1);
  });
});

describe("the map's scale (spec 3 §9: layers below 1:8,500, T13)", () => {
  it("counts scale as ArcGIS does, so zoom 16 is the last zoom with layers at Elgin's latitude", () => {
    expect(MAP_LAYERS_MAX_SCALE).toBe(8500);
    // Zoom 0 on the equator is ArcGIS's 1:591,657,528 (to a few parts in a million).
    expect(Math.abs(mapScaleAt(0, 0) / 591_657_528 - 1)).toBeLessThan(1e-5);
    expect(Math.round(mapScaleAt(16, 42.04))).toBe(6705);
    expect(Math.round(mapScaleAt(15, 42.04))).toBe(13410);
    expect([17, 16, 15].map((zoom) => mapLayersVisible(zoom, 42.04))).toEqual([true, true, false]);
  });
});
