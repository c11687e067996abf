// GET    /api/users
// GET    /api/users/profile/:id
// PUT    /api/users/profile/:id
// PUT    /api/users/profile
// PUT    /api/users
// GET    /api/users/profile-details/:id
// DELETE /api/users/:id
// GET    /api/users/notification-prefs/:id
// POST   /api/users/notification-prefs/:id/:setting

import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { crmConnector } from "../../connectors/crm/connection";
import { storageBucket } from "../../connectors/storage/connection";
import { withStorage } from "../../connectors/storage/errors";
import {
  BILLING_NOTIFICATIONS,
  type NotificationPreference,
  RECENT_SIGN_IN_REQUIRED,
  RECENT_SIGN_IN_SECONDS,
  ZAdminUserUpdate,
  ZNotificationToggle,
  ZProfileUpdate,
  ZUserUpdate,
} from "../../contract/account-forms";
import type { AdminUserDetail } from "../../contract/admin-users";
import { ZDocumentId } from "../../contract/ids";
import type { PortalUser } from "../../contract/user";
import { billingAccountsOfUser } from "../../data/billing-accounts";
import { membershipsOf } from "../../data/org-members";
import { deleteUserData } from "../../data/user-data";
import { listUsers, mergeUser, readUser, type UserDoc } from "../../data/users";
import { ConnectorError } from "../../platform/connector-error";
import { adminAuth } from "../../platform/firebase";
import { forbidden, notFound } from "../../platform/http/api-error";
import { forgetPrincipal, isAdmin, type Principal, requireUser } from "../../platform/http/principal";
import { route } from "../../platform/http/route";
import type { Logger } from "../../platform/logger";
import { shutoffWarningOf, switchShutoffWarning } from "../message-preferences/message-preferences.service";
import { crmContactProfile, profileRecord, toPortalUser } from "./user-record";

const ZUserId = z.object({
  id: ZDocumentId,
});

/** A user other than the caller, shaped like a caller so toPortalUser can describe them. */
async function principalOf(uid: string): Promise<Principal> {
  let record: Awaited<ReturnType<ReturnType<typeof adminAuth>["getUser"]>>;
  try {
    record = await adminAuth().getUser(uid);
  } catch {
    throw notFound("No such user.");
  }
  return {
    uid,
    email: record.email ?? null,
    emailVerified: record.emailVerified,
    admin: record.customClaims?.admin === true,
    staff: record.customClaims?.staff === true,
    salesforceId: (await readUser(uid))?.SalesforceId ?? null,
    token: { auth_time: Math.floor(Date.parse(record.metadata.creationTime) / 1000) } as Principal["token"],
  };
}

async function portalUserOf(uid: string, caller: Principal): Promise<PortalUser | AdminUserDetail> {
  const principal = uid === caller.uid ? caller : await principalOf(uid);
  const stored = await readUser(uid);
  const user = toPortalUser(principal, stored);
  if (!isAdmin(caller)) return user;
  // The admin edit page shows who last switched Admin, and when.
  return {
    ...user,
    AdminChangedBy: stored?.AdminChangedBy ? (stored.AdminChangedBy.email ?? stored.AdminChangedBy.uid) : null,
    AdminChangedAt: stored?.AdminChangedAt?.toDate().toISOString() ?? null,
  };
}

/**
 * The admin's Admin and Disabled switches: the claim and users/{uid}.Admin move together, and a
 * demoted or disabled user's refresh tokens are revoked, so the ID tokens they hold stop working on
 * every route that checks revocation (verified, onboarded, admin) at once, not within the hour.
 */
async function applyAccessChange(
  target: Principal,
  { Admin, Staff, Disabled }: { Admin?: boolean; Staff?: boolean; Disabled?: boolean },
  caller: Principal,
): Promise<void> {
  let revoke = false;
  const adminChanges = Admin !== undefined && Admin !== target.admin;
  const staffChanges = Staff !== undefined && Staff !== target.staff;
  if (adminChanges || staffChanges) {
    const record = await adminAuth().getUser(target.uid);
    const claims = { ...(record.customClaims ?? {}) };
    if (adminChanges) claims.admin = Admin;
    if (staffChanges) claims.staff = Staff;
    await adminAuth().setCustomUserClaims(target.uid, claims);
    // Who switched it and when, shown on the admin edit page.
    await mergeUser(target.uid, {
      ...(adminChanges ? { Admin } : {}),
      ...(staffChanges ? { Staff } : {}),
      AdminChangedBy: { uid: caller.uid, email: caller.email },
      AdminChangedAt: Timestamp.now(),
    });
    if ((adminChanges && !Admin) || (staffChanges && !Staff)) revoke = true;
  }
  if (Disabled !== undefined) {
    // The identity service keeps the state; the portal record only mirrors it in the admin view.
    await adminAuth().updateUser(target.uid, { disabled: Disabled });
    if (Disabled) revoke = true;
  }
  if (revoke) await adminAuth().revokeRefreshTokens(target.uid);
}

/** The user's links in the billing system (its web users); a failure is logged, not fatal. */
async function removeBillingLinks(uid: string, log: Logger): Promise<void> {
  for (const link of await billingAccountsOfUser(uid)) {
    if (!link.customerId || !link.locationId) continue;
    try {
      await billingConnector().unlinkAccount({
        webUserId: uid,
        customerId: link.customerId,
        locationId: link.locationId,
      });
    } catch (error) {
      if (error instanceof ConnectorError && error.kind === "not_found") continue;
      log.warn("billing link not removed for the deleted user", { error: String(error) });
    }
  }
}

/** Every stored picture of the user (their names are unguessable, but they must not outlive the account). */
async function removeProfilePictures(uid: string): Promise<void> {
  const bucket = await storageBucket();
  const [files] = await withStorage(() => bucket.getFiles({ prefix: `profile-pictures/${uid}/` }));
  await Promise.all(files.map((file) => withStorage(() => file.delete({ ignoreNotFound: true }))));
}

/**
 * User fields of PUT /api/users (spec 1 §7). A language sent without forceUpdateLanguage is
 * only a default: it never replaces a language the user chose in the dropdown.
 */
async function applyUserUpdate(uid: string, input: z.infer<typeof ZUserUpdate>): Promise<void> {
  const update: Partial<UserDoc> = {};
  if (input.FirstName !== undefined) update.FirstName = input.FirstName;
  if (input.LastName !== undefined) update.LastName = input.LastName;
  if (input.PhoneNumber !== undefined) update.PhoneNumber = input.PhoneNumber;
  if (input.Language !== undefined) {
    const current = await readUser(uid);
    if (input.forceUpdateLanguage || current?.isLanguageOverwrittenByDropdown !== true) {
      update.Language = input.Language;
      if (input.isLanguageOverwrittenByDropdown !== undefined) {
        update.isLanguageOverwrittenByDropdown = input.isLanguageOverwrittenByDropdown;
      }
    }
  } else if (input.isLanguageOverwrittenByDropdown !== undefined) {
    update.isLanguageOverwrittenByDropdown = input.isLanguageOverwrittenByDropdown;
  }
  if (Object.keys(update).length > 0) await mergeUser(uid, update);
}

/** The fields of a user the admin edit changes, as the audit trail records them. */
async function auditedUserFields(uid: string) {
  const stored = await readUser(uid);
  if (!stored) return null;
  const { FirstName, LastName, PhoneNumber, SalesforceId, Admin, Staff, Language } = stored;
  return { FirstName, LastName, PhoneNumber, SalesforceId, Admin, Staff, Language };
}

/**
 * The billing notification settings. The shut-off warning is read from the message preferences'
 * one choice for bills (shutoffWarningOf), the others as stored.
 */
function preferencesOf(data: UserDoc | undefined): NotificationPreference[] {
  const stored = data?.notificationPrefs ?? {};
  return BILLING_NOTIFICATIONS.map(({ notificationId, notificationName }) => ({
    notificationId,
    notificationName,
    ...(notificationId === "shutoffWarning"
      ? shutoffWarningOf(data)
      : { enabled: stored[notificationId]?.enabled === true, optedOut: stored[notificationId]?.optedOut === true }),
  }));
}

export const accountRoutes = [
  route({
    method: "GET",
    path: "/api/users",
    access: "admin",
    summary: "Every portal user, for the users administration list (spec 3)",
    handler: async () => {
      const users = await listUsers(2000);
      return users.map(({ id, data }) => ({
        Id: id,
        FirstName: data.FirstName,
        LastName: data.LastName,
        Email: data.Email,
        PhoneNumber: data.PhoneNumber,
        Admin: data.Admin,
        Staff: data.Staff,
        SalesforceId: data.SalesforceId,
      }));
    },
  }),

  route({
    method: "GET",
    path: "/api/users/profile/:id",
    access: "verified",
    params: ZUserId,
    owner: { in: "params", field: "id", allowAdmin: true },
    summary: "A user's profile: the owner (account page) or an admin",
    example: { params: { id: "{uid}" } },
    handler: ({ params, user }) => portalUserOf(params.id, requireUser(user)),
  }),

  route({
    method: "PUT",
    path: "/api/users/profile/:id",
    access: "verified",
    params: ZUserId,
    body: ZAdminUserUpdate,
    owner: { in: "params", field: "id", allowAdmin: true },
    summary: "Updates a user's fields: the owner or an admin; only an admin sets Admin or Disabled",
    example: { params: { id: "{uid}" }, body: { Language: "en" } },
    audit: {
      action: "user.update",
      person: { in: "params", field: "id" },
      before: ({ params }) => auditedUserFields((params as { id: string }).id),
      after: ({ params }) => auditedUserFields((params as { id: string }).id),
    },
    handler: async ({ params, body, user }) => {
      const caller = requireUser(user);
      const { Admin, Staff, Disabled, SalesforceId, ...fields } = body;
      const adminOnly = [Admin, Staff, Disabled, SalesforceId];
      if (adminOnly.some((value) => value !== undefined) && !isAdmin(caller)) {
        throw forbidden("Only an administrator may change this.");
      }
      const target = await principalOf(params.id);
      try {
        await applyUserUpdate(params.id, fields);
        if (SalesforceId !== undefined) await mergeUser(params.id, { SalesforceId });
        await applyAccessChange(target, { Admin, Staff, Disabled }, caller);
      } finally {
        // This instance's cached claims and CRM id of the user; others follow within PRINCIPAL_CACHE_MS.
        forgetPrincipal(params.id);
      }
      return portalUserOf(params.id, caller);
    },
  }),

  route({
    method: "PUT",
    path: "/api/users/profile",
    access: "verified",
    body: ZProfileUpdate,
    summary: "The account page's profile form (names, phone, primary address)",
    // It renames the caller (and their CRM contact), which other suites read.
    destructive: true,
    example: {
      body: {
        firstName: "Maria",
        lastName: "Lopez",
        phoneNumber: "(847) 555-0101",
        address1: "150 Highland Ave",
        city: "Elgin",
        state: "IL",
        zip: "60123",
      },
    },
    handler: async ({ body, user }) => {
      const principal = requireUser(user);
      // The CRM contact first: if the CRM is down nothing changes and the form keeps its input.
      if (principal.salesforceId) {
        await crmConnector().update("Contact", principal.salesforceId, crmContactProfile(body));
      }
      await mergeUser(principal.uid, profileRecord(body));
      return portalUserOf(principal.uid, principal);
    },
  }),

  route({
    method: "PUT",
    path: "/api/users",
    access: "signedIn",
    body: ZUserUpdate,
    summary: "Updates the caller's user fields (language dropdown: forceUpdateLanguage)",
    // A language without force never replaces a dropdown choice, so this changes no seeded state.
    example: { body: { Language: "en" } },
    handler: async ({ body, user }) => {
      const principal = requireUser(user);
      await applyUserUpdate(principal.uid, body);
      return portalUserOf(principal.uid, principal);
    },
  }),

  route({
    method: "GET",
    path: "/api/users/profile-details/:id",
    access: "verified",
    params: ZUserId,
    owner: { in: "params", field: "id", allowAdmin: true },
    summary: "A user with organizations, billing accounts and properties: the owner or an admin",
    example: { params: { id: "{uid}" } },
    handler: async ({ params, user }) => {
      const profile = await portalUserOf(params.id, requireUser(user));
      const [memberships, accounts, stored] = await Promise.all([
        membershipsOf(params.id),
        billingAccountsOfUser(params.id),
        readUser(params.id),
      ]);
      return {
        ...profile,
        organizations: memberships.map((membership) => ({
          organizationId: membership.organizationId,
          OrganizationName: membership.OrganizationName,
          Role: membership.Role,
          Verified: membership.Verified,
        })),
        billingAccounts: accounts.map((account) => ({
          customerId: account.customerId,
          locationId: account.locationId,
          serviceAddress: account.serviceAddress,
        })),
        additionalProperties: stored?.additionalProperties ?? [],
      };
    },
  }),

  route({
    method: "DELETE",
    path: "/api/users/:id",
    access: "verified",
    params: ZUserId,
    owner: { in: "params", field: "id", allowAdmin: true },
    destructive: true,
    summary:
      "Deletes the identity user and the user's portal data, pictures and billing links: the owner or an admin, signed in within 5 minutes",
    example: { params: { id: "{uid}" } },
    handler: async ({ params, user, log }) => {
      const caller = requireUser(user);
      // A token lives an hour and a session longer: an unattended browser must not delete an account.
      if (Date.now() / 1000 - caller.token.auth_time > RECENT_SIGN_IN_SECONDS) throw forbidden(RECENT_SIGN_IN_REQUIRED);
      const target = await principalOf(params.id);
      // The CRM keeps the contact (it is the city's record) but no longer points at a portal user.
      if (target.salesforceId) {
        try {
          await crmConnector().update("Contact", target.salesforceId, { Portal_User_Id__c: null });
        } catch (error) {
          log.warn("contact not unlinked from the deleted user", { error: String(error) });
        }
      }
      await removeBillingLinks(params.id, log);
      await removeProfilePictures(params.id);
      const documents = await deleteUserData(params.id);
      try {
        await adminAuth().deleteUser(params.id);
      } finally {
        forgetPrincipal(params.id);
      }
      return { deleted: true, documents };
    },
  }),

  route({
    method: "GET",
    path: "/api/users/notification-prefs/:id",
    access: "verified",
    params: ZUserId,
    owner: { in: "params", field: "id", allowAdmin: true },
    summary: "The user's delinquent-billing notification settings",
    example: { params: { id: "{uid}" } },
    handler: async ({ params }) => preferencesOf(await readUser(params.id)),
  }),

  route({
    method: "POST",
    path: "/api/users/notification-prefs/:id/:setting",
    access: "verified",
    params: ZUserId.extend({
      setting: z.enum(BILLING_NOTIFICATIONS.map((entry) => entry.notificationId) as [string, ...string[]]),
    }),
    body: ZNotificationToggle,
    owner: { in: "params", field: "id", allowAdmin: true },
    summary:
      "Switches one notification on or off; switching off is an explicit opt-out. The shut-off warning is the message preferences' choice for bills",
    example: { params: { id: "{uid}", setting: "pastDue" }, body: { enabled: true } },
    handler: async ({ params, body }) => {
      if (params.setting === "shutoffWarning") await switchShutoffWarning(params.id, body.enabled);
      else {
        await mergeUser(params.id, {
          notificationPrefs: { [params.setting]: { enabled: body.enabled, optedOut: !body.enabled } },
        });
      }
      return preferencesOf(await readUser(params.id));
    },
  }),
];
