import { type MatchContactInput, ZMatchContactInput } from "@contract/account-forms";
import type { PortalUser } from "@contract/user";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export { ZMatchContactInput };

// POST /api/salesforce/matchToSalesforceContact
/** Account creation step 2: the user gets a CRM contact (and a linked utility account). */
export function matchContact(input: MatchContactInput): Promise<{ SalesforceId: string; user: PortalUser }> {
  return api.post("/salesforce/matchToSalesforceContact", input);
}

export function useMatchContact() {
  return useMutation({ mutationFn: matchContact });
}
