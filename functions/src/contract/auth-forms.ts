import { z } from "zod";

/**
 * The sign-in, sign-up and password forms of spec 1 §5, written once and used by
 * react-hook-form in the browser and by the API. Messages are the spec's error reasons
 * (Required, Invalid, RequirementsNotMet, Match); the web shows them as ErrorValidation.<reason>.
 */
export const VALIDATION = {
  required: "Required",
  invalid: "Invalid",
  requirementsNotMet: "RequirementsNotMet",
  match: "Match",
} as const;

/** Spec 1 §9: password minimum 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Spec 1 §9: resend-verification countdown. */
export const RESEND_VERIFICATION_SECONDS = 60;
/** Spec 1 §9: the mobile deep-link page goes on to the dashboard after this long. */
export const MOBILE_APP_REDIRECT_MS = 5000;

/** The simple x@y.z form of spec 1 §5 (no spaces, one @, a dot in the domain part). */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The password requirements, in the order the requirements list shows them (spec 1 §5). */
export const PASSWORD_REQUIREMENTS = [
  { key: "MinLength", test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { key: "UpperCase", test: (value: string) => /[A-Z]/.test(value) },
  { key: "LowerCase", test: (value: string) => /[a-z]/.test(value) },
  { key: "Number", test: (value: string) => /[0-9]/.test(value) },
  // Anything that is not a letter, digit or whitespace counts as special.
  { key: "SpecialCharacter", test: (value: string) => /[^A-Za-z0-9\s]/.test(value) },
] as const;

export type PasswordRequirementKey = (typeof PASSWORD_REQUIREMENTS)[number]["key"];

const required = z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required, abort: true });

/** An email that must be present and of the simple x@y.z form. */
export const ZEmail = z
  .string({ error: VALIDATION.required })
  .trim()
  .min(1, { error: VALIDATION.required, abort: true })
  .max(254, { error: VALIDATION.invalid })
  .regex(SIMPLE_EMAIL, { error: VALIDATION.invalid });

/** A new password: required, then every requirement of spec 1 §5. */
export const ZNewPassword = required
  .max(4096, { error: VALIDATION.requirementsNotMet })
  .refine((value) => PASSWORD_REQUIREMENTS.every((rule) => rule.test(value)), {
    error: VALIDATION.requirementsNotMet,
  });

/** Login: email and password are required (spec 1 §5); the identity provider judges the rest. */
export const ZLoginForm = z.object({
  email: required,
  password: required,
});
export type LoginForm = z.infer<typeof ZLoginForm>;

/** Sign-up: email, confirm email, password, confirm password (spec 1 §5). */
export const ZSignupForm = z
  .object({
    email: ZEmail,
    confirmEmail: required,
    password: ZNewPassword,
    confirmPassword: required,
  })
  .refine((form) => form.confirmEmail.trim().toLowerCase() === form.email.trim().toLowerCase(), {
    path: ["confirmEmail"],
    error: VALIDATION.match,
  })
  .refine((form) => form.confirmPassword === form.password, { path: ["confirmPassword"], error: VALIDATION.match });
export type SignupForm = z.infer<typeof ZSignupForm>;

/** Forgot password: the email is required (spec 1 §5). */
export const ZForgotPasswordForm = z.object({ email: required });
export type ForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;

/** Reset password: new password with the requirements, confirmation must match (spec 1 §5). */
export const ZResetPasswordForm = z
  .object({ password: ZNewPassword, confirmPassword: required })
  .refine((form) => form.confirmPassword === form.password, { path: ["confirmPassword"], error: VALIDATION.match });
export type ResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

/** Firebase Auth uids: 1 to 128 characters. */
export const ZFirebaseUid = z.string().min(1).max(128);

/** POST /api/signup (spec 1 §7). */
export const ZSignupInput = z.object({ email: ZEmail, firebaseUserId: ZFirebaseUid }).strict();
export type SignupInput = z.infer<typeof ZSignupInput>;

/** POST /api/users/reset-password and POST /api/users/resend-registration (admin buttons). */
export const ZUserEmailInput = z.object({ email: ZEmail }).strict();
export type UserEmailInput = z.infer<typeof ZUserEmailInput>;

/**
 * POST /api/users/reset-password and /resend-registration: `sent` only when the mail server took the
 * email; `queued` when it did not answer (the message service sends it later).
 */
export interface AccountEmailResult {
  sent: boolean;
  status: "queued" | "sending" | "delivered";
  messageId: string;
}

export const SESSION_PLATFORMS = ["web", "ios", "android"] as const;

/** GET /api/record-session query (spec 1 §7); query values arrive as strings. */
export const ZRecordSessionQuery = z
  .object({
    platform: z.enum(SESSION_PLATFORMS),
    // Empty when the browser's IP lookup failed; the server then uses the address it saw.
    ipAddress: z.union([z.literal(""), z.ipv4(), z.ipv6()]).optional(),
    isLoggingIn: z.enum(["true", "false"]).optional(),
  })
  .strict();
export type RecordSessionQuery = z.infer<typeof ZRecordSessionQuery>;

const BASE64 = /^[A-Za-z0-9+/=\s]+$/;

/**
 * POST /api/sso/SAML: the partner's AuthnRequest as the HTTP-Redirect binding brought it to
 * /sso/saml (decoded query values): SAMLRequest, RelayState (at most 80 bytes), SigAlg, Signature.
 * The API refuses an unsigned request; the fields stay optional here so that refusal is the
 * API's one generic answer.
 */
export const ZSamlRequestInput = z
  .object({
    samlRequest: z.string().min(1).max(100_000).regex(BASE64, { error: VALIDATION.invalid }),
    relayState: z
      .string()
      .refine((value) => new TextEncoder().encode(value).length <= 80, { error: VALIDATION.invalid })
      .optional(),
    sigAlg: z.string().max(200).optional(),
    signature: z.string().max(10_000).regex(BASE64, { error: VALIDATION.invalid }).optional(),
  })
  .strict();
export type SamlRequestInput = z.infer<typeof ZSamlRequestInput>;

export interface SamlAnswer {
  samlResponse: string;
  assertionConsumerURL: string;
  /** The request's RelayState, checked with its signature, to post back with the response. */
  relayState?: string;
}

/** The API's message when the email already has a CRM contact (shown as error-sf-account-exists). */
export const SF_ACCOUNT_EXISTS = "error-sf-account-exists";
