import { RECENT_SIGN_IN_REQUIRED } from "@contract/account-forms";
import type { TFunction } from "i18next";
import { ApiError } from "@/lib/api-client";

/** The toast text of a failed delete: a sign-in that is too old says so; anything else is generic. */
export function deleteFailureMessage(error: unknown, t: TFunction): string | undefined {
  if (error instanceof ApiError && error.message === RECENT_SIGN_IN_REQUIRED) return t("UsersAdmin.SignInAgain");
  return undefined;
}
