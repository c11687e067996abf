import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useAllUsers, useDeleteUser } from "../api/admin-users";
import { deleteFailureMessage } from "./delete-failure";

/** The old users grid (EnableUserAdminMenuV2 off): Edit goes to /users/{id}, Delete asks the browser first. */
export function UsersGrid() {
  const { t } = useTranslation();
  const users = useAllUsers(true);
  const remove = useDeleteUser();
  const toasts = useToasts();

  const onDelete = async (id: string) => {
    if (!window.confirm(t("UsersAdmin.ConfirmDelete"))) return;
    try {
      await remove.mutateAsync(id);
      toasts.show("successRemove");
    } catch (error) {
      toasts.show("errorRemove", deleteFailureMessage(error, t));
    }
  };

  if (users.isError) return <AdminLoadError error={users.error} message={t("Util.ErrorTryAgainLater")} />;
  if (!users.data) return <p>{t("App.Loading")}</p>;
  return (
    <TableScroll label={t("UsersAdmin.Caption")}>
      <table className="admin-table">
        <caption className="visually-hidden">{t("UsersAdmin.Caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("UsersAdmin.Column.Id")}</th>
            <th scope="col">{t("UsersAdmin.Column.FirstName")}</th>
            <th scope="col">{t("UsersAdmin.Column.LastName")}</th>
            <th scope="col">{t("UsersAdmin.Column.Email")}</th>
            <th scope="col">{t("UsersAdmin.Column.PhoneNumber")}</th>
            <th scope="col">{t("UsersAdmin.Column.SalesforceId")}</th>
            <th scope="col">{t("UsersAdmin.Actions")}</th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user) => (
            <tr key={user.Id}>
              <th scope="row">{user.Id}</th>
              <td>{user.FirstName}</td>
              <td>{user.LastName}</td>
              <td>{user.Email}</td>
              <td>{user.PhoneNumber}</td>
              <td>{user.SalesforceId}</td>
              <td className="users-admin__actions">
                <Link to={paths.userDetail.href(user.Id)}>
                  {t("UsersAdmin.Edit")}
                  <span className="visually-hidden"> {user.Email ?? user.Id}</span>
                </Link>
                <button type="button" className="button button--secondary" onClick={() => void onDelete(user.Id)}>
                  {t("UsersAdmin.Delete")}
                  <span className="visually-hidden"> {user.Email ?? user.Id}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
