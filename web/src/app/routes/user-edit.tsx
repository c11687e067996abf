import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { UserEditPage } from "@/features/users-admin/components/user-edit-page";
import "@/components/ui/admin.css";
import "@/features/users-admin/users-admin.css";

/** /users/edit/{id}/{prev_page?}: back to the list when prev_page is 'users', else to the user view (spec 3). */
export function Component() {
  const { t } = useTranslation();
  const { id = "", prevPage } = useParams();
  const back =
    prevPage === "users"
      ? { to: paths.usersAdmin.href(), label: t("UsersAdmin.BackToList") }
      : { to: paths.userView.href(id, "users"), label: t("UsersAdmin.BackToUser") };
  return <UserEditPage userId={id} back={back} />;
}
