import { type ForgotPasswordForm, ZForgotPasswordForm } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { sendPasswordResetEmail } from "firebase/auth";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";
import { type AuthField, AuthFields, emailField } from "./auth-field";
import { Banner } from "./banner";

/** /forgotpassword (spec 1 §2.3, §4: success is null, then true after the request succeeds). */
export function ForgotPasswordPanel() {
  const { t } = useTranslation();
  const modals = useModals();
  const [success, setSuccess] = useState<boolean | null>(null);
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordForm),
    shouldFocusError: false,
    defaultValues: { email: "" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setSuccess(null);
    try {
      // The link returns to the dashboard (spec 1 §7) after the new password is set.
      await sendPasswordResetEmail(getFirebaseAuth(), email.trim(), { url: `${window.location.origin}/dashboard` });
      setSuccess(true);
    } catch {
      setSuccess(false);
      modals.showError();
    }
  });

  const fields: AuthField<keyof ForgotPasswordForm>[] = [emailField(t, "forgot")];

  return (
    <div className="auth-page">
      {success === true ? <Banner tone="success">{t("check-your-email")}</Banner> : null}
      {success === false ? <Banner tone="error">{t("Auth.ForgotPassword.Failed")}</Banner> : null}
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields} />
      <p>{t("Auth.ForgotPassword.Intro")}</p>
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
        <AuthFields fields={fields} register={form.register} errors={errors} />
        <div>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t("Auth.ForgotPassword.Submit")}
          </button>
        </div>
      </form>
      <p>
        <Link to={paths.login.path}>{t("Auth.Signup.BackToLogin")}</Link>
      </p>
    </div>
  );
}
