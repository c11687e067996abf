import { useTranslation } from "react-i18next";
import { useToasts } from "@/components/ui/toasts";
import { useAccountEmail } from "../api/admin-users";

const LABEL = { "reset-password": "UsersAdmin.SendResetEmail", "resend-registration": "UsersAdmin.ResendRegistration" };

/** Send Forget Password Email / Resend Registration Email (spec 3 admin user view); the outcome is a toast. */
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
    if (!email) return;
    try {
      await send.mutateAsync(email);
      toasts.show("success", t("UsersAdmin.EmailSent", { email }));
    } catch {
      toasts.show("error");
    }
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={!email || send.isPending}
      onClick={() => void onClick()}
    >
      {t(LABEL[kind])}
    </button>
  );
}
