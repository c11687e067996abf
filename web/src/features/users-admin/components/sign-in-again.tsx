import { RECENT_SIGN_IN_REQUIRED } from "@contract/account-forms";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form/text-field";
import { ApiError } from "@/lib/api-client";
import { authErrorKey } from "@/lib/auth/auth-errors";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";

const isStaleSignIn = (error: unknown) => error instanceof ApiError && error.message === RECENT_SIGN_IN_REQUIRED;

/**
 * Issue 33 U13: DELETE /api/users/:id needs the admin's sign-in to be at most 5 minutes old. When the
 * server refuses an older one, `run` asks the admin for their password (Firebase reauthentication,
 * which gives the session a fresh sign-in time) and then runs the action once more. Cancelling, or a
 * sign-in without a password, ends with the server's refusal, as before.
 */
export function useRecentSignIn(): { run: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [asking, setAsking] = useState(false);
  const answer = useRef<(signedIn: boolean) => void>(() => undefined);

  const run = async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isStaleSignIn(error)) throw error;
      const signedIn = await new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setAsking(true);
      });
      if (!signedIn) throw error;
      return action();
    }
  };

  const done = (signedIn: boolean) => {
    setAsking(false);
    answer.current(signedIn);
  };
  return { run, dialog: asking ? <SignInAgainDialog onDone={done} /> : null };
}

function SignInAgainDialog({ onDone }: { onDone: (signedIn: boolean) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const user = getFirebaseAuth().currentUser;
  const email = user?.email ?? "";
  const hasPassword = Boolean(user?.providerData.some((provider) => provider.providerId === "password"));

  const submit = async () => {
    if (!user || !password) {
      setError(t("ErrorValidation.Required"));
      return;
    }
    setPending(true);
    try {
      const { EmailAuthProvider, reauthenticateWithCredential } = await import("firebase/auth");
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(email, password));
      onDone(true);
    } catch (failure) {
      setError(t(authErrorKey(failure)));
      setPending(false);
    }
  };

  return (
    <Dialog
      title={t("UsersAdmin.SignInAgainTitle")}
      tone="warning"
      onClose={() => onDone(false)}
      footer={
        hasPassword
          ? {
              closeLabel: t("Modal.Cancel"),
              primaryLabel: t("UsersAdmin.SignInAgainConfirm"),
              primaryDisabled: pending,
              onSubmit: () => void submit(),
            }
          : { closeLabel: t("Modal.Close"), primaryLabel: t("Modal.Okay"), onPrimary: () => onDone(false) }
      }
    >
      {hasPassword ? (
        <>
          <p>{t("UsersAdmin.SignInAgainBody")}</p>
          <TextField id="sign-in-again-email" label={t("UsersAdmin.Column.Email")} readOnly value={email} />
          <TextField
            id="sign-in-again-password"
            type="password"
            label={t("UsersAdmin.SignInAgainPassword")}
            required
            autoComplete="current-password"
            value={password}
            error={error}
            onChange={(event) => setPassword(event.target.value)}
          />
        </>
      ) : (
        <p>{t("UsersAdmin.SignInAgainNoPassword")}</p>
      )}
    </Dialog>
  );
}
