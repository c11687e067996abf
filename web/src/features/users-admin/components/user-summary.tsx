import type { AdminUserDetail } from "@contract/admin-users";
import { useTranslation } from "react-i18next";
import { formatMonthYear } from "@/utils/format";

/** The default picture: a neutral silhouette, drawn inline so it needs no request. */
const DEFAULT_PICTURE =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#dde1e6"/><circle cx="32" cy="24" r="12" fill="#6f7780"/><path d="M10 58c2-12 11-18 22-18s20 6 22 18z" fill="#6f7780"/></svg>',
  );

/** The left column of the admin user pages: picture, name, member since (America/Chicago), email, phone. */
export function UserSummary({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const name = [user.FirstName, user.LastName].filter(Boolean).join(" ") || user.Email || user.Id;
  // 'MMMM, YYYY' in America/Chicago (spec 3 §2, §9), "enero de 2026" in Spanish.
  const since = formatMonthYear(user.created_at, i18n.language === "es" ? "es" : "en");
  return (
    <div className="users-admin__summary">
      <img
        className="users-admin__picture"
        src={user.ProfilePictureUrl ?? DEFAULT_PICTURE}
        alt={t("UsersAdmin.PictureAlt", { name })}
        width={128}
        height={128}
      />
      <h2>{name}</h2>
      <dl>
        <dt>{t("UsersAdmin.MemberSince")}</dt>
        <dd>{since}</dd>
        <dt>{t("UsersAdmin.Column.Email")}</dt>
        <dd>{user.Email ?? t("UsersAdmin.NotAvailable")}</dd>
        <dt>{t("UsersAdmin.Column.PhoneNumber")}</dt>
        <dd>{user.PhoneNumber || t("UsersAdmin.NotAvailable")}</dd>
      </dl>
    </div>
  );
}
