import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { AdminTable } from "@/components/ui/admin-table";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useAllUsers, useDeleteUser } from "../api/admin-users";
import { deleteFailureMessage } from "./delete-failure";
import { useRecentSignIn } from "./sign-in-again";

/** The old users grid (EnableUserAdminMenuV2 off): Edit goes to /users/{id}, Delete asks the browser first. */
export function UsersGrid() {
  const { t } = useTranslation();
  const users = useAllUsers(true);
  const remove = useDeleteUser();
  const recentSignIn = useRecentSignIn();
  const toasts = useToasts();

  const onDelete = async (id: string) => {
    if (!window.confirm(t("UsersAdmin.ConfirmDelete"))) return;
    try {
      await recentSignIn.run(() => remove.mutateAsync(id));
      toasts.show("successRemove");
    } catch (error) {
      toasts.show("errorRemove", deleteFailureMessage(error, t));
    }
  };

  if (users.isError) return <AdminLoadError error={users.error} message={t("Util.ErrorTryAgainLater")} />;
  if (!users.data) return <p>{t("App.Loading")}</p>;
  return (
    <>
      {recentSignIn.dialog}
      <AdminTable
        label={t("UsersAdmin.Caption")}
        caption
        rows={users.data}
        rowKey={(user) => user.Id}
        columns={[
          { header: t("UsersAdmin.Column.Id"), rowHeader: true, cell: (user) => user.Id },
          { header: t("UsersAdmin.Column.FirstName"), cell: (user) => user.FirstName },
          { header: t("UsersAdmin.Column.LastName"), cell: (user) => user.LastName },
          { header: t("UsersAdmin.Column.Email"), cell: (user) => user.Email },
          { header: t("UsersAdmin.Column.PhoneNumber"), cell: (user) => user.PhoneNumber },
          { header: t("UsersAdmin.Column.SalesforceId"), cell: (user) => user.SalesforceId },
          {
            header: t("UsersAdmin.Actions"),
            cellProps: { className: "users-admin__actions" },
            cell: (user) => (
              <>
                <Link to={paths.userDetail.href(user.Id)}>
                  {t("UsersAdmin.Edit")}
                  <span className="visually-hidden"> {user.Email ?? user.Id}</span>
                </Link>
                <button type="button" className="button button--secondary" onClick={() => void onDelete(user.Id)}>
                  {t("UsersAdmin.Delete")}
                  <span className="visually-hidden"> {user.Email ?? user.Id}</span>
                </button>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
