import { readStored, removeStored, writeStored } from "@/lib/web-storage";

/**
 * "Follow this case" pressed by a signed-out visitor on a report's public page (issue 33): she signs in
 * first, and the page follows the case when she is back on it. Kept for the tab only, and never read
 * from the address, so a link cannot make a signed-in resident follow a case.
 */
const FOLLOW_AFTER_SIGN_IN_KEY = "reportFollowAfterSignIn";

export function rememberFollowAfterSignIn(caseId: string): void {
  // Storage refused (private mode): she is back on the page after signing in and presses Follow again.
  writeStored("session", FOLLOW_AFTER_SIGN_IN_KEY, caseId);
}

/** Whether she asked to follow this case before signing in; the wish is used up when it is this case. */
export function takeFollowAfterSignIn(caseId: string): boolean {
  if (readStored("session", FOLLOW_AFTER_SIGN_IN_KEY) !== caseId) return false;
  removeStored("session", FOLLOW_AFTER_SIGN_IN_KEY);
  return true;
}
