import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";

/** What an admin page shows when its first load fails: refused (not an admin) or an error. */
export function AdminLoadError({ error, message }: { error: unknown; message: string }) {
  const { t } = useTranslation();
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  return (
    <p role="alert" className="admin-error">
      {refused ? t("Admin.NotAllowed") : message}
    </p>
  );
}
