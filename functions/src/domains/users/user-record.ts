import { Timestamp } from "firebase-admin/firestore";
import type { AddressStep } from "../../contract/account-forms";
import type { PortalUser } from "../../contract/user";
import { db } from "../../platform/firebase";
import { isAdmin, type Principal } from "../../platform/http/principal";

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
    Admin: isAdmin(principal),
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

/** The name, phone and primary address of a user, as the wizard's step 1 and the account page send them. */
export type ProfileInput = Pick<
  AddressStep,
  "firstName" | "lastName" | "phoneNumber" | "address1" | "address2" | "city" | "state" | "zip"
>;

/** The profile as users/{uid} stores it. */
export function profileRecord(input: ProfileInput) {
  return {
    FirstName: input.firstName,
    LastName: input.lastName,
    PhoneNumber: input.phoneNumber,
    salesforceContact: {
      address1: input.address1,
      address2: input.address2,
      city: input.city,
      state: input.state,
      zip: input.zip,
    },
  };
}

/** The same profile as the CRM's Contact stores it. */
export function crmContactProfile(input: ProfileInput) {
  return {
    FirstName: input.firstName,
    LastName: input.lastName,
    Phone: input.phoneNumber,
    MailingStreet: [input.address1, input.address2].filter(Boolean).join("\n"),
    MailingCity: input.city,
    MailingState: input.state,
    MailingPostalCode: input.zip,
  };
}
