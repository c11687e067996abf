import { type SignupForm, ZSignupForm } from "@contract/auth-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-state";
import { resetSignupFlow, runSignup, useSignupFlow } from "../signup-flow";
import { Banner, ErrorSummary, TextField, useValidationText } from "./form-controls";
import { PasswordRequirements } from "./password-requirements";

/** /signup (spec 1 §2.3, §4). */
export function SignupPanel() {
  const { t } = useTranslation();
  const text = useValidationText();
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

  const onSubmit = form.handleSubmit(({ email, password: secret }) => runSignup(email, secret));
  const busy = flow.status === "working" || flow.status === "done";

  return (
    <div className="auth-page">
      {flow.status === "failed" ? <Banner tone="error">{t(flow.errorKey)}</Banner> : null}
      <ErrorSummary
        errors={errors}
        submitCount={submitCount}
        fields={[
          { name: "email", id: "signup-email", label: t("Auth.Fields.Email") },
          { name: "confirmEmail", id: "signup-confirm-email", label: t("Auth.Fields.ConfirmEmail") },
          { name: "password", id: "signup-password", label: t("Auth.Fields.Password") },
          { name: "confirmPassword", id: "signup-confirm-password", label: t("Auth.Fields.ConfirmPassword") },
        ]}
      />
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <TextField
          id="signup-email"
          label={t("Auth.Fields.Email")}
          type="email"
          autoComplete="email"
          error={text(errors.email?.message)}
          {...form.register("email")}
        />
        <TextField
          id="signup-confirm-email"
          label={t("Auth.Fields.ConfirmEmail")}
          type="email"
          autoComplete="email"
          error={text(errors.confirmEmail?.message)}
          {...form.register("confirmEmail")}
        />
        <TextField
          id="signup-password"
          label={t("Auth.Fields.Password")}
          type="password"
          autoComplete="new-password"
          hint={<PasswordRequirements id="signup-password-requirements" value={password} />}
          error={text(errors.password?.message)}
          {...form.register("password")}
        />
        <TextField
          id="signup-confirm-password"
          label={t("Auth.Fields.ConfirmPassword")}
          type="password"
          autoComplete="new-password"
          error={text(errors.confirmPassword?.message)}
          {...form.register("confirmPassword")}
        />
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
