import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { signInStage, useAuth } from "@/lib/auth/auth-state";
import { answerSamlRequest } from "../api/sso-saml";
import { rememberSsoRequest } from "../auth-navigation";
import { Banner } from "./banner";

type SsoState =
  | { kind: "working" }
  | { kind: "ready"; samlResponse: string; assertionConsumerURL: string; relayState?: string }
  | { kind: "failed"; key: string };

/**
 * /sso/saml?SAMLRequest=&RelayState= (spec 1 §2.3, §7): asks the API to answer the partner's
 * request, then posts the signed response to the partner with a hidden form, submitted from
 * React once rendered (no inline script: the CSP allows only our own scripts).
 */
export function SsoSamlPanel() {
  const { t } = useTranslation();
  const auth = useAuth();
  const onboarded = signInStage(auth) === "onboarded";
  const [params] = useSearchParams();
  const samlRequest = params.get("SAMLRequest") ?? params.get("samlRequest");
  // The HTTP-Redirect binding's signature covers these; the API checks it with the partner's certificate.
  const relayState = params.get("RelayState") ?? undefined;
  const sigAlg = params.get("SigAlg") ?? undefined;
  const signature = params.get("Signature") ?? undefined;
  const [state, setState] = useState<SsoState>({ kind: "working" });
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!onboarded) {
      // After the login the user comes back here and the partner's request is answered.
      if (samlRequest) rememberSsoRequest(`${window.location.pathname}${window.location.search}`);
      return;
    }
    if (!samlRequest) {
      setState({ kind: "failed", key: "Auth.Sso.MissingRequest" });
      return;
    }
    let current = true;
    answerSamlRequest({ samlRequest, relayState, sigAlg, signature }).then(
      (answer) => current && setState({ kind: "ready", ...answer }),
      (error: unknown) => {
        if (!current) return;
        const refused = error instanceof ApiError && (error.status === 400 || error.status === 403);
        setState({ kind: "failed", key: refused ? "Auth.Sso.Refused" : "Util.ErrorTryAgainLater" });
      },
    );
    return () => {
      current = false;
    };
  }, [onboarded, samlRequest, relayState, sigAlg, signature]);

  useEffect(() => {
    if (state.kind === "ready") formRef.current?.submit();
  }, [state]);

  if (!onboarded) {
    return (
      <div className="auth-page">
        <p>{t("Auth.Sso.SignInFirst")}</p>
        <p>
          <Link to={paths.login.path}>{t("Header.Login")}</Link>
        </p>
      </div>
    );
  }
  if (state.kind === "failed") return <Banner tone="error">{t(state.key)}</Banner>;
  return (
    <div className="auth-page">
      <p role="status">{t("Auth.Sso.Redirecting")}</p>
      {state.kind === "ready" ? (
        <form ref={formRef} method="post" action={state.assertionConsumerURL}>
          <input type="hidden" name="SAMLResponse" value={state.samlResponse} />
          {state.relayState ? <input type="hidden" name="RelayState" value={state.relayState} /> : null}
          <button type="submit" className="button button--primary">
            {t("Auth.Sso.Continue")}
          </button>
        </form>
      ) : null}
    </div>
  );
}
