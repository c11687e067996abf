import type { AddressStep } from "../../contract/account-forms";
import type { PortalUser } from "../../contract/user";
import type { UserDoc } from "../../data/users";
import { isAdmin, type Principal } from "../../platform/http/principal";

/** The API shape of users/{uid}; a user whose record is not written yet gets one from the token. */
export function toPortalUser(principal: Principal, data: UserDoc | undefined): PortalUser {
  const contact = data?.salesforceContact ?? null;
  return {
    Id: principal.uid,
    FirstName: data?.FirstName ?? null,
    LastName: data?.LastName ?? null,
    Email: data?.Email ?? principal.email,
    PhoneNumber: data?.PhoneNumber ?? null,
    Admin: isAdmin(principal),
    Staff: principal.staff && principal.emailVerified,
    Verified: principal.emailVerified,
    Language: data?.Language ?? null,
    isLanguageOverwrittenByDropdown: data?.isLanguageOverwrittenByDropdown === true,
    ProfilePictureUrl: data?.ProfilePictureUrl ?? null,
    SalesforceId: data?.SalesforceId ?? null,
    created_at: (data?.created_at?.toDate() ?? new Date(principal.token.auth_time * 1000)).toISOString(),
    salesforceContact: contact ? { ...contact } : null,
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
