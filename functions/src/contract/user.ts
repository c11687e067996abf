/** The signed-in user as GET /api/auth answers it (spec 1 §3 Authenticated user). */
export interface PortalUser {
  Id: string;
  FirstName: string | null;
  LastName: string | null;
  Email: string | null;
  PhoneNumber: string | null;
  Admin: boolean;
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
