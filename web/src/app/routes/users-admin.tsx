import { useTranslation } from "react-i18next";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { PageHeading } from "@/components/layout/page-heading";
import { UsersGrid } from "@/features/users-admin/components/users-grid";
import { UsersTable } from "@/features/users-admin/components/users-table";
import { useAuth } from "@/lib/auth/auth-state";
import "@/components/ui/admin.css";
import "@/features/users-admin/users-admin.css";

/** /users: EnableUserAdminMenuV2 picks the searchable V2 table or the old grid (spec 3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.UsersAdmin");
  const { authUser } = useAuth();
  const flags = useFeatureFlags(authUser?.Id ?? null);
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {flags.isPending ? <p>{t("App.Loading")}</p> : null}
      {flags.data ? isFlagEnabled(flags.data, "EnableUserAdminMenuV2") ? <UsersTable /> : <UsersGrid /> : null}
    </>
  );
}
