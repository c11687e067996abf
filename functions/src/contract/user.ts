/** The signed-in user as GET /api/auth answers it (spec 1 §3 Authenticated user). */
export interface PortalUser {
  Id: string;
  FirstName: string | null;
  LastName: string | null;
  Email: string | null;
  PhoneNumber: string | null;
  Admin: boolean;
  /** The `staff` claim (on a verified email): the phone and counter console (issue 31). */
  Staff: boolean;
  Verified: boolean;
  Language: string | null;
  isLanguageOverwrittenByDropdown: boolean;
  ProfilePictureUrl: string | null;
  SalesforceId: string | null;
  created_at: string;
  salesforceContact: {
    address1: string | null;
    address2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  } | null;
}

/**
 * An organization the user may act for: an approved membership (a pending one acts for nobody).
 * Spec 1 §3's selectedOrganizationInfo is the chosen one of these.
 */
export interface UserOrganization {
  /** The portal's id of the organization: what organization routes and the selector send. */
  Id: string;
  /**
   * The organization's CRM Account id. The portal files memberships under the Account id, so today
   * it equals Id; callers use each for its own purpose rather than assume that.
   */
  SalesforceId: string;
  Name: string;
  Role: "member" | "approver";
}

/** GET /api/auth: the user, with the organizations the header's selector offers. */
export interface AuthUser extends PortalUser {
  organizations: UserOrganization[];
}
