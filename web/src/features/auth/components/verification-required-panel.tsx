import { RESEND_VERIFICATION_SECONDS } from "@contract/auth-forms";
import { sendEmailVerification } from "firebase/auth";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/lib/auth/auth-state";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";
import { verifyEmailRecord } from "../api/verify-email";
import { useVerificationLinkOutcome } from "../use-auth-session-effects";
import { Banner } from "./banner";

/**
 * /account/verificationRequired (spec 1 §2.3): resend with a 60-second countdown; once the email
 * is verified the route table moves the user on to /account/create.
 */
export function VerificationRequiredPanel() {
  const { t } = useTranslation();
  const { authUser, reloadUser } = useAuth();
  const linkOutcome = useVerificationLinkOutcome();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [message, setMessage] = useState<{ tone: "success" | "error" | "info"; key: string } | null>(null);
  // Announced politely at the start and the end of the wait, not every second.
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const counting = useRef(false);
  useEffect(() => {
    if (secondsLeft === 0 && counting.current) {
      counting.current = false;
      setAnnouncement(t("Auth.Verification.CanResend"));
    }
  }, [secondsLeft, t]);

  const resend = async () => {
    const user = getFirebaseAuth().currentUser;
    if (!user) return;
    counting.current = true;
    setSecondsLeft(RESEND_VERIFICATION_SECONDS);
    setAnnouncement(t("Auth.Verification.WaitToResend", { count: RESEND_VERIFICATION_SECONDS }));
    try {
      await sendEmailVerification(user, { url: `${window.location.origin}/dashboard` });
      setMessage({ tone: "success", key: "check-your-email" });
    } catch {
      setMessage({ tone: "error", key: "Auth.GenericError" });
    }
  };

  const checkAgain = async () => {
    const user = getFirebaseAuth().currentUser;
    if (!user) return;
    await user.reload();
    if (!user.emailVerified) {
      setMessage({ tone: "info", key: "Auth.Verification.NotYet" });
      return;
    }
    await user.getIdToken(true);
    await verifyEmailRecord().catch(() => undefined);
    await reloadUser();
  };

  return (
    <div className="auth-page">
      {linkOutcome === "invalid" ? <Banner tone="error">{t("Auth.VerificationLinkInvalid")}</Banner> : null}
      {message ? <Banner tone={message.tone}>{t(message.key)}</Banner> : null}
      <p>{t("Auth.Verification.Intro", { email: authUser?.Email ?? "" })}</p>
      <div className="auth-links">
        <button
          type="button"
          className="button button--primary"
          disabled={secondsLeft > 0}
          onClick={() => void resend()}
        >
          {secondsLeft > 0 ? t("Auth.Verification.ResendIn", { count: secondsLeft }) : t("Auth.Verification.Resend")}
        </button>
        <button type="button" className="button button--secondary" onClick={() => void checkAgain()}>
          {t("Auth.Verification.CheckAgain")}
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
