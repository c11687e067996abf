import express from "express";
import type { Ring } from "../../seed/gis.ts";
import { arcgisError } from "./arcgis-error.ts";

export interface LayerFeature {
  id: number;
  ring: Ring;
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

const intersects = (ring: Ring, box: Envelope) => {
  const xs = ring.map(([x]) => x);
  const ys = ring.map(([, y]) => y);
  return (
    Math.min(...xs) <= box.xmax &&
    Math.max(...xs) >= box.xmin &&
    Math.min(...ys) <= box.ymax &&
    Math.max(...ys) >= box.ymin
  );
};

/**
 * One ArcGIS FeatureServer layer's /query: envelope filter (geometry=xmin,ymin,xmax,ymax in
 * WGS84), where=1=1, f=geojson or f=json, resultRecordCount and resultOffset.
 */
export function featureLayerRoutes(name: string, features: LayerFeature[]) {
  const router = express.Router();
  router.get("/", (_req, res) => {
    res.json({ id: 0, name, type: "Feature Layer", geometryType: "esriGeometryPolygon", maxRecordCount: MAX_RECORDS });
  });
  router.get("/query", (req, res) => {
    let box: Envelope | null;
    try {
      box = envelopeOf(String(req.query.geometry ?? ""));
    } catch {
      arcgisError(res, 400, "Unable to complete operation.", ["Invalid or missing input parameters."]);
      return;
    }
    const where = String(req.query.where ?? "1=1");
    if (where !== "1=1") {
      arcgisError(res, 400, "Unable to complete operation.", ["Only where=1=1 is supported here."]);
      return;
    }
    const offset = Number(req.query.resultOffset) || 0;
    const count = Math.min(Number(req.query.resultRecordCount) || MAX_RECORDS, MAX_RECORDS);
    const matching = box ? features.filter((feature) => intersects(feature.ring, box)) : features;
    const page = matching.slice(offset, offset + count);
    const exceededTransferLimit = offset + count < matching.length;
    if (req.query.f === "geojson") {
      res.json({
        type: "FeatureCollection",
        features: page.map((feature) => ({
          type: "Feature",
          id: feature.id,
          geometry: { type: "Polygon", coordinates: [feature.ring] },
          properties: { OBJECTID: feature.id, ...feature.properties },
        })),
        ...(exceededTransferLimit ? { properties: { exceededTransferLimit: true } } : {}),
      });
      return;
    }
    res.json({
      objectIdFieldName: "OBJECTID",
      geometryType: "esriGeometryPolygon",
      spatialReference: { wkid: 4326 },
      features: page.map((feature) => ({
        attributes: { OBJECTID: feature.id, ...feature.properties },
        geometry: { rings: [feature.ring] },
      })),
      exceededTransferLimit,
    });
  });
  return router;
}
