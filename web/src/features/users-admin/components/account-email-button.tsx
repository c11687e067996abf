import { useTranslation } from "react-i18next";
import { useToasts } from "@/components/ui/toasts";
import { ApiError } from "@/lib/api-client";
import { useAccountEmail } from "../api/admin-users";

const LABEL = { "reset-password": "UsersAdmin.SendResetEmail", "resend-registration": "UsersAdmin.ResendRegistration" };

/**
 * Send Forget Password Email / Resend Registration Email (spec 3 admin user view); the outcome is a
 * toast, and "sent" only when the mail server took the email (issue 29): a mail server that did not
 * answer leaves it queued (sent later), one that refused the address says so.
 */
export function AccountEmailButton({
  kind,
  email,
}: {
  kind: "reset-password" | "resend-registration";
  email: string | null;
}) {
  const { t } = useTranslation();
  const send = useAccountEmail(kind);
  const toasts = useToasts();
  const onClick = async () => {
    // Spec 3 §5: sending needs the user's email; without one the admin is told so (an error toast).
    if (!email) {
      toasts.show("error", t("UsersAdmin.NoEmailToSend"));
      return;
    }
    try {
      const result = await send.mutateAsync(email);
      if (result.sent) toasts.show("success", t("UsersAdmin.EmailSent", { email }));
      else toasts.show("error", t("UsersAdmin.EmailQueued", { email }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        toasts.show("error", t("UsersAdmin.EmailRefused", { email }));
      else toasts.show("error");
    }
  };
  return (
    <button type="button" className="button button--secondary" disabled={send.isPending} onClick={() => void onClick()}>
      {t(LABEL[kind])}
    </button>
  );
}
