import { crmId } from "./city-ids.ts";
import { seededRandom } from "./random.ts";

/** Land_Parcel_Master__c as the CRM holds it (spec 1 §2.5, spec 3 §3 land parcel and garbage record). */
export interface LandParcel {
  Id: string;
  /** The one-line address, also in Parcel_Address__c; the portal looks parcels up by it. */
  Name: string;
  Parcel_Address__c: string;
  /** Kane County property index number, e.g. 06-14-126-012. */
  Parcel_Number__c: string;
  AddNum__c: string;
  StName__c: string;
  StType__c: string;
  Postal__c: string;
  UnitName__c: string | null;
  Latitude__c: number;
  Longitude__c: number;
  Refuse_Pickup_Day__c: "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday";
  Leaf_District__c: string;
  Parcel_Primary_Zoning__c: string;
  Parcel_Current_Land_Use__c: string;
  Historic_District__c: string | null;
  School_District__c: string;
  County_Board_District__c: string;
  State_Representative_District__c: string;
  State_Senate_District__c: string;
  U_S_Congressional_District__c: string;
  Water_Billing_Cycle_Dates__c: string;
  /** Residential parcels get a water account; business parcels host organizations. */
  Is_Residential__c: boolean;
}

interface Street {
  name: string;
  type: string;
  /** East-west streets vary in longitude with the house number, north-south ones in latitude. */
  runs: "ew" | "ns";
  /** The fixed coordinate of the street (latitude for ew, longitude for ns). */
  at: number;
  /** West of the Fox River is 60123 (and 60124 beyond Randall Road); east is 60120. */
  side: "east" | "west" | "far-west";
  historic?: string;
}

// Elgin-like streets; the Fox River runs north-south near -88.285.
const STREETS: readonly Street[] = [
  { name: "HIGHLAND", type: "AVE", runs: "ew", at: 42.0395, side: "west" },
  { name: "CHICAGO", type: "ST", runs: "ew", at: 42.0372, side: "east" },
  { name: "DIVISION", type: "ST", runs: "ew", at: 42.0452, side: "east" },
  { name: "PARK", type: "ST", runs: "ew", at: 42.0431, side: "east", historic: "Elgin Historic District" },
  { name: "LAWRENCE", type: "AVE", runs: "ew", at: 42.0258, side: "east" },
  { name: "NATIONAL", type: "ST", runs: "ew", at: 42.0318, side: "east" },
  { name: "DOUGLAS", type: "AVE", runs: "ns", at: -88.2868, side: "west" },
  { name: "SPRING", type: "ST", runs: "ns", at: -88.2822, side: "east", historic: "Spring Douglas Historic District" },
  { name: "DUNDEE", type: "AVE", runs: "ns", at: -88.2801, side: "east" },
  { name: "LIBERTY", type: "ST", runs: "ns", at: -88.2744, side: "east" },
  { name: "GIFFORD", type: "ST", runs: "ns", at: -88.2768, side: "east", historic: "Gifford Park Historic District" },
  { name: "STATE", type: "ST", runs: "ns", at: -88.2905, side: "west" },
  { name: "COLLEGE", type: "ST", runs: "ew", at: 42.0411, side: "west" },
  { name: "KIMBALL", type: "ST", runs: "ew", at: 42.0474, side: "west" },
  { name: "LARKIN", type: "AVE", runs: "ew", at: 42.0496, side: "west" },
  { name: "MCLEAN", type: "BLVD", runs: "ns", at: -88.3122, side: "west" },
  { name: "WALNUT", type: "AVE", runs: "ew", at: 42.0338, side: "west" },
  { name: "GROVE", type: "AVE", runs: "ns", at: -88.2846, side: "east" },
  { name: "VILLA", type: "ST", runs: "ew", at: 42.0292, side: "east" },
  { name: "PROSPECT", type: "BLVD", runs: "ns", at: -88.2941, side: "west" },
  {
    name: "WING",
    type: "ST",
    runs: "ew",
    at: 42.0419,
    side: "west",
    historic: "Northeast Neighborhood Historic District",
  },
  { name: "BLUFF CITY", type: "BLVD", runs: "ew", at: 42.0198, side: "east" },
  { name: "SUMMIT", type: "ST", runs: "ew", at: 42.0458, side: "east" },
  { name: "HILL", type: "AVE", runs: "ew", at: 42.0361, side: "west" },
  { name: "CONGDON", type: "AVE", runs: "ns", at: -88.2712, side: "east" },
  { name: "JEFFERSON", type: "AVE", runs: "ns", at: -88.2973, side: "west" },
  { name: "RAYMOND", type: "ST", runs: "ns", at: -88.2733, side: "east" },
  { name: "COOPER", type: "AVE", runs: "ns", at: -88.3011, side: "west" },
  { name: "BIG TIMBER", type: "RD", runs: "ew", at: 42.0601, side: "far-west" },
  { name: "RANDALL", type: "RD", runs: "ns", at: -88.3412, side: "far-west" },
  { name: "WEST BARTLETT", type: "RD", runs: "ew", at: 42.0112, side: "far-west" },
  { name: "SHALES", type: "PKWY", runs: "ns", at: -88.3365, side: "far-west" },
  { name: "BOWES", type: "RD", runs: "ew", at: 42.0075, side: "far-west" },
  { name: "CENTER", type: "ST", runs: "ns", at: -88.2789, side: "east" },
  { name: "FULTON", type: "ST", runs: "ew", at: 42.0386, side: "east" },
  { name: "UNION", type: "ST", runs: "ew", at: 42.0344, side: "east" },
  { name: "WATCH", type: "ST", runs: "ew", at: 42.0322, side: "west" },
  { name: "ADDISON", type: "ST", runs: "ns", at: -88.2891, side: "west" },
  { name: "SHERMAN", type: "AVE", runs: "ns", at: -88.2698, side: "east" },
  { name: "JAY", type: "ST", runs: "ns", at: -88.2755, side: "east" },
];

export const PARCELS_PER_STREET = 55;

const ZONINGS: readonly [zoning: string, use: string, residential: boolean][] = [
  ["RC1 Residence Conservation District", "Single Family Residence", true],
  ["RC2 Residence Conservation District", "Single Family Residence", true],
  ["RC3 Residence Conservation District", "Two Family Residence", true],
  ["SFR1 Single Family Residence District", "Single Family Residence", true],
  ["SFR2 Single Family Residence District", "Single Family Residence", true],
  ["TFR Two Family Residence District", "Two Family Residence", true],
  ["MFR Multiple Family Residence District", "Multiple Family Residence", true],
  ["NB Neighborhood Business District", "Retail Sales", false],
  ["AB Area Business District", "Restaurant", false],
  ["CC1 Center City District", "Office", false],
  ["GI General Industrial District", "Light Manufacturing", false],
  ["PRC Planned Residence Conservation District", "Single Family Residence", true],
];

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;

/** Billing cycles: the portal shows this text as is. */
const WATER_CYCLES = [
  "Cycle 1: read the 1st, billed the 5th, due the 25th",
  "Cycle 2: read the 8th, billed the 12th, due the 2nd",
  "Cycle 3: read the 15th, billed the 19th, due the 9th",
  "Cycle 4: read the 22nd, billed the 26th, due the 16th",
];

function coordinates(street: Street, houseNumber: number): { lat: number; lng: number } {
  // About 100 house numbers per 0.0017 degrees, starting from the river or the centre line.
  const offset = (houseNumber / 100) * 0.0017;
  if (street.runs === "ew") {
    const lng = street.side === "east" ? -88.285 + offset : -88.285 - offset;
    return { lat: street.at, lng: round6(lng) };
  }
  return { lat: round6(42.037 + (houseNumber % 2 === 0 ? offset : -offset) / 2), lng: street.at };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function postalCode(street: Street): string {
  if (street.side === "east") return "60120";
  return street.side === "west" ? "60123" : "60124";
}

/** 2,200 parcels, 55 per street, the same on every run. */
export function buildParcels(): LandParcel[] {
  const random = seededRandom(60120);
  const parcels: LandParcel[] = [];
  STREETS.forEach((street, streetIndex) => {
    let houseNumber = 100 + random.int(0, 20) * 2;
    for (let index = 0; index < PARCELS_PER_STREET; index++) {
      houseNumber += random.int(1, 4) * 2;
      const serial = parcels.length + 1;
      const [zoning, landUse, residential] = random.chance(0.78)
        ? (random.pick(ZONINGS.filter((entry) => entry[2])) as (typeof ZONINGS)[number])
        : (random.pick(ZONINGS.filter((entry) => !entry[2])) as (typeof ZONINGS)[number]);
      const unit = zoning.startsWith("MFR") && random.chance(0.6) ? `UNIT ${random.int(1, 12)}` : null;
      const lineOne = `${houseNumber} ${street.name} ${street.type}${unit ? ` ${unit}` : ""}`;
      const postal = postalCode(street);
      const { lat, lng } = coordinates(street, houseNumber);
      const ward = (streetIndex + Math.floor(index / 14)) % 5;
      parcels.push({
        Id: crmId("Land_Parcel_Master__c", serial),
        Name: lineOne,
        Parcel_Address__c: lineOne,
        Parcel_Number__c: `06-${String(10 + (streetIndex % 26)).padStart(2, "0")}-${String(100 + index * 7).padStart(3, "0")}-${String(random.int(1, 60)).padStart(3, "0")}`,
        AddNum__c: String(houseNumber),
        StName__c: street.name,
        StType__c: street.type,
        Postal__c: postal,
        UnitName__c: unit,
        Latitude__c: lat,
        Longitude__c: lng,
        Refuse_Pickup_Day__c: DAYS[ward] as LandParcel["Refuse_Pickup_Day__c"],
        Leaf_District__c: `Leaf District ${((streetIndex * 3 + Math.floor(index / 11)) % 6) + 1}`,
        Parcel_Primary_Zoning__c: zoning,
        Parcel_Current_Land_Use__c: landUse,
        Historic_District__c: street.historic ?? null,
        School_District__c: street.side === "far-west" ? "Community Unit School District 300" : "School District U-46",
        County_Board_District__c: `Kane County Board District ${street.side === "east" ? 22 + (ward % 3) : 17 + (ward % 4)}`,
        State_Representative_District__c:
          street.side === "east" ? "43rd Representative District" : "65th Representative District",
        State_Senate_District__c: street.side === "east" ? "22nd Senate District" : "33rd Senate District",
        U_S_Congressional_District__c:
          street.side === "far-west" ? "11th Congressional District" : "8th Congressional District",
        Water_Billing_Cycle_Dates__c: WATER_CYCLES[(streetIndex + index) % WATER_CYCLES.length] as string,
        Is_Residential__c: residential,
      });
    }
  });
  return parcels;
}

/** The mailing form of a parcel address, e.g. "412 Highland Ave". */
export function streetLine(parcel: LandParcel): string {
  const title = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
  return `${parcel.AddNum__c} ${title(parcel.StName__c)} ${title(parcel.StType__c)}${parcel.UnitName__c ? ` ${title(parcel.UnitName__c)}` : ""}`;
}
