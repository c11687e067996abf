import {
  type MatchedOrganization,
  type MatchOrganizationsInput,
  ZMatchOrganizationsInput,
  ZOrganization,
} from "@contract/account-forms";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type { MatchedOrganization };
export { ZMatchOrganizationsInput, ZOrganization };

// POST /api/salesforce/matchOrCreateOrgsToSalesforceOrgs
/** Account creation step 3: joins the picked organizations and creates the new ones. */
export function matchOrganizations(input: MatchOrganizationsInput): Promise<{ organizations: MatchedOrganization[] }> {
  return api.post("/salesforce/matchOrCreateOrgsToSalesforceOrgs", input);
}

export function useMatchOrganizations() {
  return useMutation({ mutationFn: matchOrganizations });
}
