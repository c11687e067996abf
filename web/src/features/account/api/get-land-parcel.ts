import type { LandParcelInfo } from "@contract/account-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type LandParcel = LandParcelInfo & { Id: string; Name: string };

// GET /api/salesforce/landParcelMaster
/** The parcel of the signed-in user's primary address (null when none matches). */
export function getLandParcel(): Promise<{ parcel: LandParcel | null }> {
  return api.get("/salesforce/landParcelMaster");
}

export const landParcelQuery = (userId: string) =>
  queryOptions({ queryKey: ["salesforce", "landParcelMaster", userId], queryFn: getLandParcel, staleTime: 300_000 });

export function useLandParcel(userId: string, enabled = true) {
  return useQuery({ ...landParcelQuery(userId), enabled });
}
