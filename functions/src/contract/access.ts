/**
 * Who may call a route. Levels are ordered: each one includes the ones before it,
 * except that `admin` also requires a verified email.
 */
export const ACCESS_LEVELS = ["public", "signedIn", "verified", "onboarded", "admin"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The selected organization when a user acts for themselves. */
export const PERSONAL_ORGANIZATION = "personal";
