import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { paths } from "@/config/paths";
import { PersonMessagesOf } from "@/features/console/components/person-messages";
import { PersonPayments } from "@/features/refunds/components/person-payments";
import { useAdminUser } from "@/features/users-admin/api/admin-users";
import { AccountEmailButton } from "@/features/users-admin/components/account-email-button";
import { ActivityHistory, PaymentHistory } from "@/features/users-admin/components/user-history";
import { UserSummary } from "@/features/users-admin/components/user-summary";
import "@/components/ui/admin.css";
import "@/features/console/console.css";
import "@/features/users-admin/users-admin.css";

/**
 * /users/view/{id}/{prev_page?}: a user's histories, payments through the portal with their refunds
 * (issue 32), last messages with their status (issue 29) and
 * account emails (spec 3 admin user view).
 */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.UserView");
  const { id = "" } = useParams();
  const user = useAdminUser(id);
  const data = user.data;
  const who = data ? [data.FirstName, data.LastName].filter(Boolean).join(" ") || data.Email || data.Id : "";
  return (
    <>
      <p>
        <Link to={paths.usersAdmin.href()}>{t("UsersAdmin.BackToList")}</Link>
      </p>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {user.isPending ? <p>{t("App.Loading")}</p> : null}
      {user.isError ? <AdminLoadError error={user.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {data ? (
        <div className="users-admin__columns">
          <UserSummary user={data} />
          <div>
            {data.Verified ? (
              <>
                <div className="admin-form__actions">
                  <Link className="button button--primary" to={paths.userEdit.href(data.Id, "users-view")}>
                    {t("UsersAdmin.EditUser")}
                  </Link>
                  <AccountEmailButton kind="reset-password" email={data.Email} />
                </div>
                <PaymentHistory userId={data.Id} who={who} />
                <PersonPayments uid={data.Id} />
                <ActivityHistory userId={data.Id} who={who} />
                <PersonMessagesOf uid={data.Id} />
              </>
            ) : (
              <>
                <p>{t("UsersAdmin.UserDataUnavailable")}</p>
                <AccountEmailButton kind="resend-registration" email={data.Email} />
              </>
            )}
          </div>
        </div>
      ) : null}
    </>
  );
}
