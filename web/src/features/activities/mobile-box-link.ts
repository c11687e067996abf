import type { BoxFolderResponse } from "@contract/activity-detail";
import { env } from "@/config/env";

/** What the mobile app's link carries (spec 2 §2 "/mobileWebView/box"). */
interface MobileBoxLink {
  folder: BoxFolderResponse;
  /** The utility account whose bills the folder holds, or null for a CRM record's folder. */
  utilityAccount: string | null;
}

/**
 * The widget needs folderId and boxToken plus sfId or utilityAccount; anything less is an
 * incomplete link. Utility-account folders are read-only whatever the link says (the token the
 * API issued for them refuses changes too); readonly=true makes any folder read-only.
 */
export function readMobileBoxLink(query: URLSearchParams, fileBox = env().fileBox): MobileBoxLink | null {
  const folderId = query.get("folderId");
  const accessToken = query.get("boxToken");
  const recordId = query.get("sfId");
  const utilityAccount = query.get("utilityAccount");
  if (!folderId || !accessToken || !(recordId || utilityAccount)) return null;
  return {
    folder: {
      folderId,
      accessToken,
      apiUrl: fileBox.apiUrl,
      uploadUrl: fileBox.uploadUrl,
      readOnly: Boolean(utilityAccount) || query.get("readonly") === "true",
    },
    utilityAccount: utilityAccount || null,
  };
}
