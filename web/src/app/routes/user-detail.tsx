import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { UserEditPage } from "@/features/users-admin/components/user-edit-page";
import "@/components/ui/admin.css";
import "@/features/users-admin/users-admin.css";

/** /users/{id}: the older admin edit form (the old grid's Edit); it returns to /users on success (spec 3). */
export function Component() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  return (
    <UserEditPage
      userId={id}
      back={{ to: paths.usersAdmin.href(), label: t("UsersAdmin.BackToList") }}
      onSaved={() => navigate(paths.usersAdmin.href())}
    />
  );
}
