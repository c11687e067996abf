import express from "express";
import type { Ring } from "../../seed/gis.ts";
import { arcgisError } from "./arcgis-error.ts";

/** A polygon (ring) or a point ([lng, lat]) feature. */
export interface LayerFeature {
  id: number;
  ring?: Ring;
  point?: [number, number];
  properties: Record<string, string | number | boolean | null>;
}

const MAX_RECORDS = 2000;

type Envelope = { xmin: number; ymin: number; xmax: number; ymax: number };

function envelopeOf(geometry: string): Envelope | null {
  if (!geometry) return null;
  if (geometry.trim().startsWith("{")) {
    const parsed = JSON.parse(geometry) as Partial<Envelope>;
    const { xmin, ymin, xmax, ymax } = parsed;
    if ([xmin, ymin, xmax, ymax].some((value) => typeof value !== "number")) throw new Error("bad envelope");
    return parsed as Envelope;
  }
  const [xmin, ymin, xmax, ymax] = geometry.split(",").map(Number);
  if ([xmin, ymin, xmax, ymax].some((value) => value === undefined || Number.isNaN(value))) {
    throw new Error("bad envelope");
  }
  return { xmin, ymin, xmax, ymax } as Envelope;
}

const intersects = (feature: LayerFeature, box: Envelope) => {
  const corners = feature.ring ?? (feature.point ? [feature.point] : []);
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return (
    Math.min(...xs) <= box.xmax &&
    Math.max(...xs) >= box.xmin &&
    Math.min(...ys) <= box.ymax &&
    Math.max(...ys) >= box.ymin
  );
};

/** `where` as this sandbox understands it: 1=1, or one field equal to a quoted text (ASSET_TYPE='HYDRANT'). */
function whereFilter(where: string): ((feature: LayerFeature) => boolean) | null {
  if (where.trim() === "1=1") return () => true;
  const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*'([^']*)'\s*$/.exec(where);
  if (!match) return null;
  const [, field = "", value] = match;
  return (feature) => String(feature.properties[field] ?? "") === value;
}

const geoJsonGeometry = (feature: LayerFeature) =>
  feature.point ? { type: "Point", coordinates: feature.point } : { type: "Polygon", coordinates: [feature.ring] };
const esriGeometry = (feature: LayerFeature) =>
  feature.point ? { x: feature.point[0], y: feature.point[1] } : { rings: [feature.ring] };

/** outFields as ArcGIS reads it: `*` (or none) for every field, else the listed ones (OBJECTID always). */
function fieldsOf(outFields: string): (properties: LayerFeature["properties"]) => LayerFeature["properties"] {
  const listed = outFields
    .split(",")
    .map((field) => field.trim())
    .filter(Boolean);
  if (listed.length === 0 || listed.includes("*")) return (properties) => properties;
  return (properties) =>
    Object.fromEntries(listed.filter((field) => field in properties).map((f) => [f, properties[f] ?? null]));
}

/**
 * One ArcGIS FeatureServer layer's /query: envelope filter (geometry=xmin,ymin,xmax,ymax in
 * WGS84), where=1=1 or FIELD='text', outFields, f=geojson or f=json, resultRecordCount and resultOffset.
 */
export function featureLayerRoutes(name: string, features: LayerFeature[], geometryType = "esriGeometryPolygon") {
  const router = express.Router();
  router.get("/", (_req, res) => {
    res.json({ id: 0, name, type: "Feature Layer", geometryType, maxRecordCount: MAX_RECORDS });
  });
  router.get("/query", (req, res) => {
    let box: Envelope | null;
    try {
      box = envelopeOf(String(req.query.geometry ?? ""));
    } catch {
      arcgisError(res, 400, "Unable to complete operation.", ["Invalid or missing input parameters."]);
      return;
    }
    const filter = whereFilter(String(req.query.where ?? "1=1"));
    if (!filter) {
      arcgisError(res, 400, "Unable to complete operation.", ["Only where=1=1 or FIELD='text' is supported here."]);
      return;
    }
    const offset = Number(req.query.resultOffset) || 0;
    const count = Math.min(Number(req.query.resultRecordCount) || MAX_RECORDS, MAX_RECORDS);
    const matching = features.filter((feature) => filter(feature) && (!box || intersects(feature, box)));
    const page = matching.slice(offset, offset + count);
    const fields = fieldsOf(String(req.query.outFields ?? "*"));
    const exceededTransferLimit = offset + count < matching.length;
    if (req.query.f === "geojson") {
      res.json({
        type: "FeatureCollection",
        features: page.map((feature) => ({
          type: "Feature",
          id: feature.id,
          geometry: geoJsonGeometry(feature),
          properties: { OBJECTID: feature.id, ...fields(feature.properties) },
        })),
        ...(exceededTransferLimit ? { properties: { exceededTransferLimit: true } } : {}),
      });
      return;
    }
    res.json({
      objectIdFieldName: "OBJECTID",
      geometryType,
      spatialReference: { wkid: 4326 },
      features: page.map((feature) => ({
        attributes: { OBJECTID: feature.id, ...fields(feature.properties) },
        geometry: esriGeometry(feature),
      })),
      exceededTransferLimit,
    });
  });
  return router;
}
