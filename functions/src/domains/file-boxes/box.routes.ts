// GET /api/box/:salesforceId
// GET /api/box/util/:accountId

import { z } from "zod";
import { boxesConfigFromEnv } from "../../connectors/boxes/config";
import { boxesConnector } from "../../connectors/boxes/connection";
import type { BoxFolderAccess } from "../../connectors/boxes/types";
import { type BoxFolderResponse, ZCrmRecordId, ZUtilityAccountFolder } from "../../contract/activity-detail";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { notFound } from "../../platform/http/api-error";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { memberOrganizationIds, ownsActivityId } from "../cases/activity-detail.service";

function withUrls(access: BoxFolderAccess, readOnly: boolean): BoxFolderResponse {
  const config = boxesConfigFromEnv();
  return { ...access, apiUrl: config.apiUrl, uploadUrl: config.uploadUrl, readOnly };
}

/** True when the user, or an organization they are an approved member of, holds the utility account. */
async function holdsUtilityAccount(user: Principal, accountId: string): Promise<boolean> {
  const owners = [
    { userId: user.uid },
    ...(await memberOrganizationIds(user.uid)).map((id) => ({ organizationId: id })),
  ];
  for (const owner of owners) {
    const accounts = await billingAccountsOwnedBy(owner);
    if (accounts.some(({ data }) => `${data.customerId}-${data.locationId}` === accountId)) return true;
  }
  return false;
}

export const boxRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/box/:salesforceId",
    access: "onboarded",
    params: z.object({ salesforceId: ZCrmRecordId }),
    summary: "The file box of one of the caller's activities, with a token scoped to that folder (404 for others)",
    example: { params: { salesforceId: "500000000000001AAA" } },
    handler: async ({ params, user }) => {
      // Another user's record is 404 like a missing one, before the file-box system is asked.
      if (!(await ownsActivityId(requireUser(user), params.salesforceId))) throw notFound("No such activity.");
      return withUrls(await boxesConnector().recordFolder(params.salesforceId), false);
    },
  }),
  route({
    method: "GET",
    path: "/api/box/util/:accountId",
    access: "onboarded",
    params: z.object({ accountId: ZUtilityAccountFolder }),
    summary: "The billing-records box of a utility account the caller holds, with a read-only token (404 otherwise)",
    example: { params: { accountId: "100001-200001" } },
    handler: async ({ params, user }) => {
      if (!(await holdsUtilityAccount(requireUser(user), params.accountId))) throw notFound("No such account.");
      // The token itself is read-only: the widget cannot delete, rename, upload, create or share.
      return withUrls(await boxesConnector().utilityAccountFolder(params.accountId), true);
    },
  }),
];
