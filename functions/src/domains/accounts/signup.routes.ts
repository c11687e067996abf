// POST /api/signup
// POST /api/verify
import { FieldValue } from "firebase-admin/firestore";
import { SF_ACCOUNT_EXISTS, ZSignupInput } from "../../contract/auth-forms";
import { refreshUserSearchFields, usersCollection } from "../../data/users";
import { adminAuth } from "../../platform/firebase";
import { badRequest, conflict } from "../../platform/http/api-error";
import { forgetPrincipal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { createSignupContact, findContactByEmail } from "./crm-contacts";

/**
 * How long after the identity account was created the API may still remove it when the CRM
 * refuses the email. Older accounts are never deleted here, whatever the request says.
 */
const FRESH_ACCOUNT_MS = 15 * 60 * 1000;

async function removeFreshIdentityUser(uid: string): Promise<void> {
  const identity = await adminAuth().getUser(uid);
  const created = Date.parse(identity.metadata.creationTime);
  if (Number.isFinite(created) && Date.now() - created <= FRESH_ACCOUNT_MS) {
    await adminAuth().deleteUser(uid);
    forgetPrincipal(uid);
  }
}

export const signupRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/signup",
    access: "signedIn",
    body: ZSignupInput,
    owner: { in: "body", field: "firebaseUserId" },
    // Each call may create a CRM contact: a few per account, and a ceiling per network address.
    throttle: [
      { name: "signup-caller", key: "caller", limit: 10, windowSeconds: 3600 },
      { name: "signup-client", key: "client", limit: 100, windowSeconds: 3600 },
    ],
    example: { body: { email: "someone.else@example.com", firebaseUserId: "{uid}" } },
    summary: "Records a new user (users/{uid}) and their CRM contact; 409 when the email already has one",
    handler: async ({ body, user, log }) => {
      const principal = requireUser(user);
      const email = body.email.toLowerCase();
      if (email !== (principal.email ?? "").toLowerCase()) {
        throw badRequest("The email is not the signed-in account's email.", { "body.email": "Invalid" });
      }
      const users = usersCollection();
      const existing = await users.doc(principal.uid).get();
      // A repeated call (double click, retry after a timeout) finds the finished record.
      if (existing.exists && (existing.get("CrmContactId") || existing.get("SalesforceId"))) {
        return { Id: principal.uid, created: false };
      }

      const match = await findContactByEmail(email);
      let contactId: string;
      if (match && match.Portal_User_Id__c !== principal.uid) {
        // Spec 1 §4: the email belongs to someone the city already knows. The identity account
        // made a moment ago is removed so the address can sign up again once the city links it.
        if (!existing.exists) {
          await removeFreshIdentityUser(principal.uid).catch((error: unknown) => {
            log.error("could not remove the refused identity user", { error: String(error) });
          });
        }
        throw conflict(SF_ACCOUNT_EXISTS);
      }
      if (match) contactId = match.Id;
      else contactId = await createSignupContact(email, principal.uid);

      await users.doc(principal.uid).set(
        {
          Id: principal.uid,
          Email: email,
          Verified: principal.emailVerified,
          Admin: false,
          Language: existing.get("Language") ?? null,
          isLanguageOverwrittenByDropdown: existing.get("isLanguageOverwrittenByDropdown") === true,
          ProfilePictureUrl: null,
          // SalesforceId is set by account creation (step 2); until then the user is not onboarded.
          SalesforceId: null,
          CrmContactId: contactId,
          ...(existing.exists ? {} : { created_at: FieldValue.serverTimestamp() }),
        },
        { merge: true },
      );
      await refreshUserSearchFields(principal.uid);
      return { Id: principal.uid, created: true };
    },
  }),

  route({
    method: "POST",
    path: "/api/verify",
    access: "signedIn",
    example: {},
    summary: "Copies the identity provider's email verification onto users/{uid}.Verified (spec 1 §4)",
    handler: async ({ user }) => {
      const principal = requireUser(user);
      const ref = usersCollection().doc(principal.uid);
      const snapshot = await ref.get();
      if (!snapshot.exists) return { Verified: principal.emailVerified, updated: false };
      if (principal.emailVerified && snapshot.get("Verified") !== true) {
        await ref.update({ Verified: true });
        return { Verified: true, updated: true };
      }
      return { Verified: snapshot.get("Verified") === true, updated: false };
    },
  }),
];
