/** The translation key for a Firebase Auth failure (spec 1 §8, Auth). */
export function authErrorKey(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case "auth/invalid-credential":
    case "auth/invalid-login-credentials":
    case "auth/wrong-password":
    case "auth/user-not-found":
      return "Auth.InvalidEmailOrPassword";
    case "auth/invalid-email":
      return "Auth.InvalidEmail";
    case "auth/email-already-in-use":
      return "Auth.EmailAlreadyInUse";
    case "auth/popup-closed-by-user":
    case "auth/cancelled-popup-request":
      return "Auth.PopupClosed";
    default:
      return "Auth.GenericError";
  }
}
