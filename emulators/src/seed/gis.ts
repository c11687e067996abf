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
