import { crmConnector } from "../../connectors/crm/connection";
import { soqlString } from "../../connectors/crm/soql";
import { LAND_PARCEL_FIELDS, type LandParcelInfo, type LandParcelRecord } from "../../contract/account-forms";

const PARCEL_SELECT = [...LAND_PARCEL_FIELDS, "StType__c", "Postal__c", "UnitName__c"].join(", ");
const STREET_TYPES = new Set(["ST", "AVE", "BLVD", "RD", "PKWY", "CT", "DR", "LN", "PL", "WAY", "TER", "CIR"]);

/** "150 Dexter Ct" -> number, name and type, as the parcel master splits addresses. */
export function splitStreetAddress(address1: string): { AddNum: string; StName: string; StType?: string } | null {
  const parts = address1.trim().toUpperCase().replace(/[.,]/g, "").split(/\s+/);
  const [number, ...rest] = parts;
  if (!number || !/^\d+[A-Z]?$/.test(number) || rest.length === 0) return null;
  const last = rest[rest.length - 1] as string;
  if (rest.length > 1 && STREET_TYPES.has(last))
    return { AddNum: number, StName: rest.slice(0, -1).join(" "), StType: last };
  return { AddNum: number, StName: rest.join(" ") };
}

/**
 * An address written on one line, as the geocoder labels it ("138 Highland Ave, Elgin, Illinois,
 * 60123") or as a resident types it ("138 Highland Ave"): the street line's parts and the ZIP code.
 */
export function parcelCriteriaOf(address: string): LandParcelCriteria | null {
  const [street = "", ...rest] = address.split(",");
  const split = splitStreetAddress(street);
  if (!split) return null;
  const postal = rest.map((part) => part.trim()).find((part) => /^\d{5}$/.test(part));
  return { ...split, ...(postal ? { Postal: postal } : {}) };
}

function toParcelInfo(row: Record<string, unknown>): LandParcelInfo {
  const info = {} as LandParcelInfo;
  for (const field of LAND_PARCEL_FIELDS) {
    const value = row[field];
    info[field] = typeof value === "string" && value ? value : null;
  }
  return info;
}

export interface LandParcelCriteria {
  AddNum: string;
  StName: string;
  StType?: string;
  Postal?: string;
  UnitName?: string;
}

/** The CRM's land parcel record (spec 3 §3) at an address, or null when the parcel master has none. */
export async function findLandParcel(criteria: LandParcelCriteria): Promise<LandParcelRecord | null> {
  // The field list is fixed configuration; only the two values come from the request, escaped.
  const rows = await crmConnector().query({
    text: `SELECT Id, Name, ${PARCEL_SELECT} FROM Land_Parcel_Master__c WHERE AddNum__c = ${soqlString(criteria.AddNum.toUpperCase())} AND StName__c = ${soqlString(criteria.StName.toUpperCase())} LIMIT 10`,
  });
  const match =
    rows.find(
      (row) =>
        (!criteria.StType || String(row.StType__c ?? "").toUpperCase() === criteria.StType.toUpperCase()) &&
        (!criteria.Postal || row.Postal__c === undefined || row.Postal__c === criteria.Postal) &&
        (!criteria.UnitName || String(row.UnitName__c ?? "").toUpperCase() === criteria.UnitName.toUpperCase()),
    ) ?? null;
  return match ? { Id: String(match.Id), Name: String(match.Name), ...toParcelInfo(match) } : null;
}
