import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useAuth } from "@/lib/auth/auth-state";
import { useAdminUser } from "../api/admin-users";
import { NotificationPrefsView, PaymentSettings } from "./payment-settings";
import { UserEditForm } from "./user-edit-form";
import { UserSummary } from "./user-summary";

/**
 * The admin user edit (spec 3): the summary on the left, the form on the right, then payment
 * settings and (EnableDelinquentBillingNotifications) the view-only notification preferences.
 */
export function UserEditPage({
  userId,
  back,
  onSaved,
}: {
  userId: string;
  back: { to: string; label: string };
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const title = t("Pages.UserEdit");
  const user = useAdminUser(userId);
  const { authUser } = useAuth();
  const flags = useFeatureFlags(authUser?.Id ?? null);
  return (
    <>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {user.isPending ? <p>{t("App.Loading")}</p> : null}
      {user.isError ? <AdminLoadError error={user.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {user.data ? (
        <>
          <div className="users-admin__columns">
            <UserSummary user={user.data} />
            <UserEditForm key={user.data.Id} user={user.data} onSaved={onSaved} />
          </div>
          <PaymentSettings userId={userId} />
          {isFlagEnabled(flags.data, "EnableDelinquentBillingNotifications") ? (
            <NotificationPrefsView userId={userId} />
          ) : null}
        </>
      ) : null}
    </>
  );
}
