import express from "express";
import { type GisAddress, normalizeAddress } from "../../seed/gis.ts";
import { arcgisError } from "./arcgis-error.ts";

const WGS84 = { wkid: 4326, latestWkid: 4326 };
/** Reverse geocoding finds nothing farther than this (about 100 m). */
const REVERSE_MAX_DEGREES = 0.001;

function candidate(address: GisAddress, score: number) {
  const { parcel } = address;
  return {
    address: address.label,
    location: { x: parcel.Longitude__c, y: parcel.Latitude__c },
    score,
    attributes: {
      Match_addr: address.label,
      Addr_type: parcel.UnitName__c ? "Subaddress" : "PointAddress",
      AddNum: parcel.AddNum__c,
      StName: parcel.StName__c,
      StType: parcel.StType__c,
      UnitName: parcel.UnitName__c ?? "",
      City: "Elgin",
      Region: "Illinois",
      Postal: parcel.Postal__c,
    },
    extent: {
      xmin: parcel.Longitude__c - 0.001,
      ymin: parcel.Latitude__c - 0.001,
      xmax: parcel.Longitude__c + 0.001,
      ymax: parcel.Latitude__c + 0.001,
    },
  };
}

/** Share of typed words found in the address, the house number required to match exactly. */
function scoreOf(query: string[], address: GisAddress): number {
  const words = address.normalized.split(" ");
  if (query[0] && /^\d+$/.test(query[0]) && query[0] !== words[0]) return 0;
  const matched = query.filter((word) => words.some((candidateWord) => candidateWord.startsWith(word))).length;
  return Math.round(((100 * matched) / Math.max(query.length, 1)) * 100) / 100;
}

/** An ArcGIS GeocodeServer: suggest, findAddressCandidates and reverseGeocode over the city's parcels. */
export function geocodeRoutes(addresses: GisAddress[]) {
  const router = express.Router();
  const byId = new Map(addresses.map((address) => [address.parcel.Id, address]));

  router.get("/suggest", (req, res) => {
    const text = normalizeAddress(String(req.query.text ?? ""));
    const max = Math.min(Number(req.query.maxSuggestions) || 5, 15);
    if (!text) {
      arcgisError(res, 400, "Unable to complete operation.", ["'text' parameter is required."]);
      return;
    }
    const suggestions = addresses
      .filter((address) => address.normalized.startsWith(text))
      .slice(0, max)
      .map((address) => ({ text: address.label, magicKey: address.parcel.Id, isCollection: false }));
    res.json({ suggestions });
  });

  router.get("/findAddressCandidates", (req, res) => {
    const singleLine = String(req.query.SingleLine ?? req.query.address ?? "");
    const magicKey = req.query.magicKey ? String(req.query.magicKey) : undefined;
    const max = Math.min(Number(req.query.maxLocations) || 10, 50);
    const picked = magicKey ? byId.get(magicKey) : undefined;
    if (picked) {
      res.json({ spatialReference: WGS84, candidates: [candidate(picked, 100)] });
      return;
    }
    const query = normalizeAddress(singleLine).split(" ").filter(Boolean);
    if (query.length === 0) {
      arcgisError(res, 400, "Unable to complete operation.", ["'SingleLine' parameter is required."]);
      return;
    }
    const candidates = addresses
      .map((address) => ({ address, score: scoreOf(query, address) }))
      .filter(({ score }) => score >= 70)
      .sort((a, b) => b.score - a.score)
      .slice(0, max)
      .map(({ address, score }) => candidate(address, score));
    res.json({ spatialReference: WGS84, candidates });
  });

  router.get("/reverseGeocode", (req, res) => {
    const [x, y] = String(req.query.location ?? "")
      .split(",")
      .map(Number);
    if (x === undefined || y === undefined || Number.isNaN(x) || Number.isNaN(y)) {
      arcgisError(res, 400, "Unable to complete operation.", ["'location' must be x,y."]);
      return;
    }
    let nearest: GisAddress | undefined;
    let best = Number.POSITIVE_INFINITY;
    for (const address of addresses) {
      const distance = Math.hypot(address.parcel.Longitude__c - x, address.parcel.Latitude__c - y);
      if (distance < best) [nearest, best] = [address, distance];
    }
    if (!nearest || best > REVERSE_MAX_DEGREES) {
      arcgisError(res, 400, "Cannot perform query. Invalid query parameters.", [
        "Unable to find address for the specified location.",
      ]);
      return;
    }
    const found = candidate(nearest, 100);
    res.json({
      address: { ...found.attributes, LongLabel: found.address, ShortLabel: nearest.parcel.Name },
      location: { ...found.location, spatialReference: WGS84 },
    });
  });

  return router;
}
