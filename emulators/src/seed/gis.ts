import { city, type LandParcel } from "./city.ts";

/** Half the side of a parcel's square footprint, in degrees (about 3 m by 2.5 m: houses sit close here). */
const PARCEL_HALF = 0.00003;
/** How far a zoning block reaches beyond its outermost parcels, in degrees. */
const ZONE_PAD = 0.0001;

export type Ring = [number, number][];

export interface GisAddress {
  parcel: LandParcel;
  /** One line, as a geocoder shows it: "138 Highland Ave, Elgin, Illinois, 60123". */
  label: string;
  /** Upper case without punctuation, for matching typed text. */
  normalized: string;
}

export interface ZoningBlock {
  id: number;
  code: string;
  description: string;
  street: string;
  ring: Ring;
}

const titleCase = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

export const normalizeAddress = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const streetLine = (parcel: LandParcel) => parcel.Name;

export function gisAddresses(): GisAddress[] {
  return city().parcels.map((parcel) => ({
    parcel,
    label: `${titleCase(streetLine(parcel))}, Elgin, Illinois, ${parcel.Postal__c}`,
    normalized: normalizeAddress(`${streetLine(parcel)} ELGIN IL ${parcel.Postal__c}`),
  }));
}

export function parcelRing(parcel: LandParcel): Ring {
  const { Latitude__c: lat, Longitude__c: lng } = parcel;
  return [
    [lng - PARCEL_HALF, lat - PARCEL_HALF],
    [lng + PARCEL_HALF, lat - PARCEL_HALF],
    [lng + PARCEL_HALF, lat + PARCEL_HALF],
    [lng - PARCEL_HALF, lat + PARCEL_HALF],
    [lng - PARCEL_HALF, lat - PARCEL_HALF],
  ];
}

/** Zoning districts as blocks: the parcels of one street with one zoning, boxed together. */
export function zoningBlocks(): ZoningBlock[] {
  const groups = new Map<string, LandParcel[]>();
  for (const parcel of city().parcels) {
    const key = `${parcel.StName__c} ${parcel.StType__c}|${parcel.Parcel_Primary_Zoning__c}`;
    groups.set(key, [...(groups.get(key) ?? []), parcel]);
  }
  return [...groups.entries()].map(([key, parcels], index) => {
    const [street = "", zoning = ""] = key.split("|");
    const lats = parcels.map((parcel) => parcel.Latitude__c);
    const lngs = parcels.map((parcel) => parcel.Longitude__c);
    const [west, east] = [Math.min(...lngs) - ZONE_PAD, Math.max(...lngs) + ZONE_PAD];
    const [south, north] = [Math.min(...lats) - ZONE_PAD, Math.max(...lats) + ZONE_PAD];
    const [code = "", ...rest] = zoning.split(" ");
    return {
      id: index + 1,
      code,
      description: rest.join(" "),
      street,
      ring: [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    };
  });
}

/** A street of the seeded city as the base map draws it: a straight line past its first and last houses. */
export interface StreetLine {
  /** "Highland Ave" */
  name: string;
  runs: "ew" | "ns";
  /** [lng, lat] ends, west to east or south to north. */
  from: [number, number];
  to: [number, number];
}

/** Each seeded street, from its parcels (which sit on it): the base map's streets. */
export function streetLines(): StreetLine[] {
  const streets = new Map<string, LandParcel[]>();
  for (const parcel of city().parcels) {
    const name = titleCase(`${parcel.StName__c} ${parcel.StType__c}`);
    streets.set(name, [...(streets.get(name) ?? []), parcel]);
  }
  const PAST_THE_ENDS = 0.0008;
  return [...streets].map(([name, parcels]) => {
    const lats = parcels.map((parcel) => parcel.Latitude__c);
    const lngs = parcels.map((parcel) => parcel.Longitude__c);
    const runs = new Set(lats).size === 1 ? "ew" : "ns";
    if (runs === "ew") {
      const lat = lats[0] as number;
      return {
        name,
        runs,
        from: [Math.min(...lngs) - PAST_THE_ENDS, lat],
        to: [Math.max(...lngs) + PAST_THE_ENDS, lat],
      };
    }
    const lng = lngs[0] as number;
    return { name, runs, from: [lng, Math.min(...lats) - PAST_THE_ENDS], to: [lng, Math.max(...lats) + PAST_THE_ENDS] };
  });
}

/** A city asset of the GIS asset layer (issue 33, "the exact asset"): a streetlight, a hydrant or a sign. */
export interface GisAsset {
  /** The tag on it: "SL-0001". */
  id: string;
  type: "STREETLIGHT" | "HYDRANT" | "SIGN";
  street: string;
  /** [lng, lat] */
  point: [number, number];
}

/** Streetlights every 0.0005° (about 40 m) along each street, hydrants every 0.0015°, a stop sign at each end. */
const ASSET_SPACING = { STREETLIGHT: 0.0005, HYDRANT: 0.0015 } as const;
/** Assets stand beside the street, off the line the houses sit on (north or east of it; hydrants south or west). */
const ASSET_OFFSET = 0.00008;
const ASSET_PREFIX = { STREETLIGHT: "SL", HYDRANT: "HY", SIGN: "SG" } as const;

/** Every seeded asset, numbered per type in street order: the same ids on every start. */
export function cityAssets(): GisAsset[] {
  const counters = { STREETLIGHT: 0, HYDRANT: 0, SIGN: 0 };
  const assets: GisAsset[] = [];
  const add = (type: GisAsset["type"], street: string, point: [number, number]) => {
    counters[type] += 1;
    const id = `${ASSET_PREFIX[type]}-${String(counters[type]).padStart(4, "0")}`;
    assets.push({ id, type, street, point: [Number(point[0].toFixed(6)), Number(point[1].toFixed(6))] });
  };
  for (const street of streetLines()) {
    const ew = street.runs === "ew";
    // A point `along` the street from its start, `across` it to one side.
    const at = (along: number, across: number, [lng, lat]: [number, number]): [number, number] =>
      ew ? [lng + along, lat + across] : [lng + across, lat + along];
    const length = ew ? street.to[0] - street.from[0] : street.to[1] - street.from[1];
    for (const type of ["STREETLIGHT", "HYDRANT"] as const) {
      const side = type === "STREETLIGHT" ? ASSET_OFFSET : -ASSET_OFFSET;
      for (let step = ASSET_SPACING[type] / 2; step < length; step += ASSET_SPACING[type]) {
        add(type, street.name, at(step, side, street.from));
      }
    }
    for (const end of [street.from, street.to]) add("SIGN", street.name, at(0, ASSET_OFFSET, end));
  }
  return assets;
}
