/**
 * Who may call a route. `public` ⊃ `signedIn` ⊃ `verified` ⊃ `onboarded` (a CRM id); `staff`
 * (the phone and counter console, issue 31) and `admin` (configuration) need a verified email and
 * their custom claim, not a CRM id. An admin reaches every staff route; staff reach no admin route.
 */
export const ACCESS_LEVELS = ["public", "signedIn", "verified", "onboarded", "staff", "admin"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The selected organization when a user acts for themselves. */
export const PERSONAL_ORGANIZATION = "personal";
