import { type ResetPasswordForm, ZResetPasswordForm } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { confirmPasswordReset, verifyPasswordResetCode } from "firebase/auth";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { paths } from "@/config/paths";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";
import { AuthFields } from "./auth-field";
import { Banner } from "./banner";
import { newPasswordFields } from "./password-requirements";

type CodeState = { kind: "checking" } | { kind: "valid"; email: string } | { kind: "expired" } | { kind: "done" };

/** /resetPassword?oobCode= (spec 1 §2.3, §4: the expired-link flag is set when the code check fails). */
export function ResetPasswordPanel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get("oobCode");
  const [codeState, setCodeState] = useState<CodeState>({ kind: "checking" });
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    shouldFocusError: false,
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const password = form.watch("password");
  const fields = newPasswordFields(t, { idPrefix: "reset", label: t("Auth.Fields.NewPassword"), password });

  useEffect(() => {
    let current = true;
    if (!code) {
      setCodeState({ kind: "expired" });
      return;
    }
    verifyPasswordResetCode(getFirebaseAuth(), code).then(
      (email) => current && setCodeState({ kind: "valid", email }),
      () => current && setCodeState({ kind: "expired" }),
    );
    return () => {
      current = false;
    };
  }, [code]);

  const onSubmit = form.handleSubmit(async ({ password: secret }) => {
    if (!code) return;
    try {
      await confirmPasswordReset(getFirebaseAuth(), code, secret);
      setCodeState({ kind: "done" });
    } catch {
      setCodeState({ kind: "expired" });
    }
  });

  if (codeState.kind === "checking") return <p role="status">{t("App.Loading")}</p>;
  if (codeState.kind === "expired") {
    return (
      <div className="auth-page">
        <Banner tone="error">{t("Auth.ResetPassword.Expired")}</Banner>
        <p>
          <Link to={paths.forgotPassword.path}>{t("Auth.ResetPassword.RequestNew")}</Link>
        </p>
      </div>
    );
  }
  if (codeState.kind === "done") {
    return (
      <div className="auth-page">
        <Banner tone="success">{t("Auth.ResetPassword.Done")}</Banner>
        <p>
          <Link to={paths.login.path}>{t("Auth.Signup.BackToLogin")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <p>{t("Auth.ResetPassword.For", { email: codeState.email })}</p>
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields} />
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
        <AuthFields fields={fields} register={form.register} errors={errors} />
        <div>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t("Auth.ResetPassword.Submit")}
          </button>
        </div>
      </form>
    </div>
  );
}
