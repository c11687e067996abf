// GET /api/salesforce/landParcelMaster?AddNum=&StName=&StType=&Postal=&UnitName=
// GET /api/salesforce/landParcelMaster/:address
import type { z } from "zod";
import { type LandParcelRecord, ZLandParcelAddressParams, ZLandParcelQuery } from "../../contract/account-forms";
import { readUser } from "../../data/users";
import { badRequest } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { findLandParcel, parcelCriteriaOf, splitStreetAddress } from "./land-parcel.service";

/** Each address step asks once or twice; this stops a script walking the parcel master through the CRM's API budget. */
const PARCEL_BY_ADDRESS_THROTTLE: ThrottleRule[] = [
  { name: "land-parcel-address", key: "caller", limit: 120, windowSeconds: 600 },
];

export const landParcelRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/salesforce/landParcelMaster",
    access: "onboarded",
    query: ZLandParcelQuery,
    summary: "Land parcel information (spec 1 §2.5) for an address, or for the caller's own address",
    example: { query: {} },
    handler: async ({ query, user }): Promise<{ parcel: LandParcelRecord | null }> => {
      const principal = requireUser(user);
      let criteria: z.infer<typeof ZLandParcelQuery> = query;
      if (!query.AddNum && !query.StName) {
        const contact = (await readUser(principal.uid))?.salesforceContact;
        const split = contact?.address1 ? splitStreetAddress(contact.address1) : null;
        if (!split) return { parcel: null };
        criteria = { ...split, Postal: contact?.zip || undefined };
      }
      const { AddNum = "", StName = "" } = criteria;
      if (!AddNum || !StName) throw badRequest("AddNum and StName go together.", { "query.StName": "Required" });
      return { parcel: await findLandParcel({ ...criteria, AddNum, StName }) };
    },
  }),
  route({
    method: "GET",
    path: "/api/salesforce/landParcelMaster/:address",
    access: "onboarded",
    params: ZLandParcelAddressParams,
    throttle: PARCEL_BY_ADDRESS_THROTTLE,
    summary: "The land parcel record (spec 3 §3, §7) at an address on one line, as the map's geocoder labels it",
    example: { params: { address: "138 Highland Ave, Elgin, Illinois, 60123" } },
    handler: async ({ params }): Promise<{ parcel: LandParcelRecord | null }> => {
      const criteria = parcelCriteriaOf(params.address);
      if (!criteria)
        throw badRequest("The address must start with a house number and a street.", { address: "Invalid" });
      return { parcel: await findLandParcel(criteria) };
    },
  }),
];
