import { Timestamp } from "firebase-admin/firestore";
import type { PortalUser } from "../../contract/user";
import { db } from "../../platform/firebase";
import type { Principal } from "../../platform/http/principal";

export const usersCollection = () => db().collection("users");

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** The API shape of users/{uid}; a user whose record is not written yet gets one from the token. */
export function toPortalUser(principal: Principal, data: Record<string, unknown> | undefined): PortalUser {
  const contact = (data?.salesforceContact ?? null) as Record<string, unknown> | null;
  const created = data?.created_at;
  return {
    Id: principal.uid,
    FirstName: text(data?.FirstName),
    LastName: text(data?.LastName),
    Email: text(data?.Email) ?? principal.email,
    PhoneNumber: text(data?.PhoneNumber),
    Admin: principal.admin,
    Verified: principal.emailVerified,
    Language: text(data?.Language),
    isLanguageOverwrittenByDropdown: data?.isLanguageOverwrittenByDropdown === true,
    ProfilePictureUrl: text(data?.ProfilePictureUrl),
    SalesforceId: text(data?.SalesforceId),
    created_at: (created instanceof Timestamp
      ? created.toDate()
      : new Date(principal.token.auth_time * 1000)
    ).toISOString(),
    salesforceContact: contact
      ? {
          address1: text(contact.address1),
          address2: text(contact.address2),
          city: text(contact.city),
          state: text(contact.state),
          zip: text(contact.zip),
        }
      : null,
  };
}
