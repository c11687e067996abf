import type { LoginForm } from "@contract/auth-forms";
import type { UserCredential } from "firebase/auth";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { lazyResolver } from "@/components/ui/form/lazy-resolver";
import { paths } from "@/config/paths";
import { authErrorKey } from "@/lib/auth/auth-errors";
import { recordSession } from "../api/record-session";
import {
  destinationAfterLogin,
  forgetReturnPath,
  forgetSsoRequest,
  rememberActivity,
  setUrlForNextRouter,
} from "../auth-navigation";
import { type AuthField, AuthFields, emailField } from "./auth-field";
import { Banner } from "./banner";
import type { SocialProvider } from "./social-sign-in";

/**
 * Signs in and sends the user on (spec 1 §2.3, §4). The route table changes with the sign-in
 * state and the new router starts at the browser's URL, so the destination is written first and
 * put back if the sign-in fails. Login success also writes the session record.
 */
async function signInAndContinue(signIn: () => Promise<UserCredential>): Promise<void> {
  // The address changes only once the sign-in has worked (a wrong password left it flipping to
  // /dashboard and back, issue 28). The signed-in router is built after GET /api/auth has answered
  // for the new user, which is after this.
  const credential = await signIn();
  setUrlForNextRouter(destinationAfterLogin());
  forgetSsoRequest();
  forgetReturnPath();
  void recordSession(credential.user.uid, true).catch(() => undefined);
}

/**
 * Firebase Auth (~50 KB) is needed only to sign in: loaded when the visitor starts on the form (its
 * first focus or pointer), not with the page, so /login paints and settles without it (issue 12).
 */
let firebaseForSignIn: Promise<[typeof import("firebase/auth"), typeof import("@/lib/auth/firebase-auth")]> | undefined;
function loadFirebaseForSignIn() {
  firebaseForSignIn ??= Promise.all([import("firebase/auth"), import("@/lib/auth/firebase-auth")]);
  firebaseForSignIn.catch(() => {
    firebaseForSignIn = undefined;
  });
  return firebaseForSignIn;
}

/** The form's schema (and zod) load when the visitor starts on the form, as Firebase does. */
const loginResolver = lazyResolver<LoginForm>(async () => {
  const [{ zodResolver }, { ZLoginForm }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@contract/auth-forms"),
  ]);
  return zodResolver(ZLoginForm);
});

/** What the form needs once the visitor starts on it: Firebase Auth and the form's schema. */
function prepareSignIn(): void {
  void loadFirebaseForSignIn().catch(() => undefined);
  void loginResolver.preload().catch(() => undefined);
}

const SOCIAL: { provider: SocialProvider; labelKey: string }[] = [
  { provider: "google", labelKey: "Auth.Login.Google" },
  { provider: "apple", labelKey: "Auth.Login.Apple" },
  { provider: "facebook", labelKey: "Auth.Login.Facebook" },
];

/** /login (spec 1 §2.3): email and password, pop-up providers, guest option, remembered activity. */
export function LoginPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failureKey, setFailureKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const activityId = params.get("activityId");
  const redirectTo = params.get("redirectto");
  const guestEnabled = params.get("guest_enabled") === "true" && Boolean(redirectTo);

  useEffect(() => {
    if (activityId) rememberActivity(activityId);
  }, [activityId]);

  const form = useForm<LoginForm>({
    resolver: loginResolver,
    shouldFocusError: false,
    defaultValues: { email: "", password: "" },
  });
  const { errors, submitCount } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailureKey(null);
    setBusy(true);
    try {
      const [{ signInWithEmailAndPassword }, { getFirebaseAuth }] = await loadFirebaseForSignIn();
      await signInAndContinue(() => signInWithEmailAndPassword(getFirebaseAuth(), email.trim(), password));
    } catch (error) {
      setFailureKey(authErrorKey(error));
      setBusy(false);
    }
  });

  const socialSignIn = async (provider: SocialProvider) => {
    setFailureKey(null);
    setBusy(true);
    try {
      const { signInWithProvider } = await import("./social-sign-in");
      await signInAndContinue(() => signInWithProvider(provider));
    } catch (error) {
      setFailureKey(authErrorKey(error));
      setBusy(false);
    }
  };

  const fields: AuthField<keyof LoginForm>[] = [
    emailField(t, "login"),
    {
      name: "password",
      id: "login-password",
      label: t("Auth.Fields.Password"),
      type: "password",
      autoComplete: "current-password",
    },
  ];

  // Only a plain in-app path: redirectto must never send the guest to another site.
  const guestPath = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(redirectTo ?? "") ? `/${redirectTo}` : paths.home.path;

  return (
    <div className="auth-page" onFocusCapture={prepareSignIn} onPointerDownCapture={prepareSignIn}>
      {failureKey ? <Banner tone="error">{t(failureKey)}</Banner> : null}
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields} />
      <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <AuthFields fields={fields} register={form.register} errors={errors} />
        <div className="auth-links">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("Auth.Login.Submit")}
          </button>
          <Link to={paths.forgotPassword.path}>{t("Auth.Login.ForgotPassword")}</Link>
        </div>
      </form>
      <p className="auth-divider">{t("Auth.Login.Or")}</p>
      <div className="social-sign-in">
        {SOCIAL.map(({ provider, labelKey }) => (
          <button
            key={provider}
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => void socialSignIn(provider)}
          >
            {t(labelKey)}
          </button>
        ))}
      </div>
      {guestEnabled ? (
        <p>
          <button type="button" className="button button--secondary" onClick={() => navigate(guestPath)}>
            {redirectTo === "payment" ? t("Auth.Login.GuestPayment") : t("Auth.Login.Guest")}
          </button>
        </p>
      ) : null}
      <p>
        {t("Auth.Login.NoAccount")} <Link to={paths.signup.path}>{t("Auth.Login.CreateAccount")}</Link>
      </p>
    </div>
  );
}
