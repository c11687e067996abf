import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { useLoadFailureToast } from "./load-failure-toast";

/**
 * What an admin page shows when its first load fails: refused (not an admin), or an error in the
 * page and, as spec 3 §8 asks for failed loads of the user list, alerts and maintenance, the generic
 * error toast with the city's contact (error-contact-support). A refusal is only said in the page.
 */
export function AdminLoadError({ error, message }: { error: unknown; message: string }) {
  const { t } = useTranslation();
  const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
  useLoadFailureToast(!refused);
  return (
    <p role="alert" className="admin-error">
      {refused ? t("Admin.NotAllowed") : message}
    </p>
  );
}
