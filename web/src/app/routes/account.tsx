import { RECENT_SIGN_IN_REQUIRED } from "@contract/account-forms";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { PageHeading } from "@/components/layout/page-heading";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { useDeleteAccount } from "@/features/account/api/delete-account";
import { useProfile } from "@/features/account/api/get-profile";
import {
  LandParcelInformation,
  NotificationSettings,
  ProfilePicture,
} from "@/features/account/components/account-sections";
import { ProfileForm } from "@/features/account/components/profile-form";
import { SavedMethods } from "@/features/billing/components/saved-methods";
import { WaterAccounts } from "@/features/billing/components/water-accounts";
import { MessagePreferencesSection } from "@/features/message-preferences/components/message-preferences";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/account/components/account.css";
import "@/features/billing/components/billing.css";

/** Manage account, /account/{userId} (spec 1 §2.5): only the signed-in user's own id may be edited. */
export function Component() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const { authUser, signOut, selectedOrganization } = useAuth();
  const modals = useModals();
  const isOwner = Boolean(authUser && authUser.Id === userId);
  const profile = useProfile(userId, isOwner);
  const flags = useFeatureFlags(authUser?.Id ?? null);
  const deleteAccount = useDeleteAccount();
  const title = t("Pages.Account");

  const onDelete = async () => {
    const confirmed = await modals.showWarning({
      title: t("Account.Delete.Title"),
      body: t("Account.Delete.Body"),
      confirmLabel: t("Account.Delete.Confirm"),
    });
    if (!confirmed) return;
    try {
      await deleteAccount.mutateAsync(userId);
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 403 && error.message === RECENT_SIGN_IN_REQUIRED;
      modals.showError(t(stale ? "Account.Delete.SignInAgain" : "error-remove"));
      return;
    }
    modals.showSuccess(t("account-deleted"));
    // Signed out, the anonymous route table starts at the home page.
    window.history.replaceState(null, "", paths.home.path);
    await signOut();
  };

  if (!isOwner || (profile.error && "status" in profile.error && profile.error.status === 403)) {
    return (
      <>
        <PageHeading documentTitle={title}>{title}</PageHeading>
        <p className="account-alert" role="alert">
          {t("Account.DifferentId")}
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {profile.isPending ? <p>{t("Account.Loading")}</p> : null}
      {profile.isError ? <p role="alert">{t("Util.ErrorTryAgainLater")}</p> : null}
      {profile.data ? (
        <div className="account-form">
          <ProfilePicture user={profile.data} />
          <ProfileForm user={profile.data} onDelete={() => void onDelete()} />
          <LandParcelInformation user={profile.data} />
          <WaterAccounts
            userId={userId}
            organizationId={selectedOrganization}
            bankEnabled={isFlagEnabled(flags.data, "EnableACHAutopay")}
            coreEnabled={isFlagEnabled(flags.data, "EnableCORE")}
          />
          <SavedMethods userId={userId} core={isFlagEnabled(flags.data, "EnableCORE")} />
          <MessagePreferencesSection />
          {isFlagEnabled(flags.data, "EnableDelinquentBillingNotifications") ? (
            <NotificationSettings user={profile.data} />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
