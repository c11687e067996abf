import { type SignupForm, ZSignupForm } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-state";
import { resetSignupFlow, runSignup, useSignupFlow } from "../signup-flow";
import { type AuthField, AuthFields, emailField } from "./auth-field";
import { Banner } from "./banner";
import { newPasswordFields } from "./password-requirements";

/** /signup (spec 1 §2.3, §4). */
export function SignupPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = useSignupFlow();
  const { isAuthenticated } = useAuth();
  const form = useForm<SignupForm>({
    resolver: zodResolver(ZSignupForm),
    shouldFocusError: false,
    defaultValues: {
      email: flow.status === "failed" ? flow.email : "",
      confirmEmail: flow.status === "failed" ? flow.email : "",
      password: "",
      confirmPassword: "",
    },
  });
  const { errors, submitCount } = form.formState;
  const password = form.watch("password");

  // Done once the app knows the new sign-in; the guards turn /dashboard into the verification page.
  useEffect(() => {
    if (flow.status === "done" && isAuthenticated) {
      resetSignupFlow();
      navigate(paths.dashboard.path, { replace: true });
    }
  }, [flow.status, isAuthenticated, navigate]);

  const fields: AuthField<keyof SignupForm>[] = [
    emailField(t, "signup"),
    {
      ...emailField(t, "signup"),
      name: "confirmEmail",
      id: "signup-confirm-email",
      label: t("Auth.Fields.ConfirmEmail"),
    },
    ...newPasswordFields(t, { idPrefix: "signup", label: t("Auth.Fields.Password"), password }),
  ];

  const onSubmit = form.handleSubmit(({ email, password: secret }) => runSignup(email, secret));
  const busy = flow.status === "working" || flow.status === "done";

  return (
    <div className="auth-page">
      {flow.status === "failed" ? <Banner tone="error">{t(flow.errorKey)}</Banner> : null}
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields} />
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <AuthFields fields={fields} register={form.register} errors={errors} />
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("Auth.Signup.Submit")}
          </button>
        </div>
      </form>
      <p>
        {t("Auth.Signup.HaveAccount")} <Link to={paths.login.path}>{t("Auth.Signup.BackToLogin")}</Link>
      </p>
    </div>
  );
}
