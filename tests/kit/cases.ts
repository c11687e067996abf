import { Timestamp } from "firebase-admin/firestore";
import { city } from "../../emulators/src/seed/city.ts";
import { SEED_PASSWORD, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { testAdmin } from "./admin.ts";
import { callApi } from "./api.ts";
import { freshEmail, stackCrm } from "./identity.ts";
import { principal } from "./principals.ts";

/** The seeded CRM records case tests name (emulators/src/seed/city-activities.ts). */
export const namedActivities = () => city().seededActivities;

/** Starts the functions a case journey calls (inProgress, a box folder), so its first page is not a cold start. */
export async function warmCaseFunctions(): Promise<void> {
  const { idToken } = await principal("resident");
  for (const path of ["/api/salesforce/inProgress", `/api/box/${namedActivities().residentActionRequiredCase}`]) {
    await callApi("GET", path, { token: idToken });
  }
}

/**
 * Puts the named records case tests change (answered, cancelled) back to their seeded state, and
 * tells every function instance the resident's activities changed, so later files see the seed.
 */
export async function restoreSeededCases(): Promise<void> {
  const named = namedActivities();
  const crm = stackCrm();
  await crm.update("Case", named.residentActionRequiredCase, {
    Action_Required__c: true,
    Additional_Information__c: null,
  });
  await crm.update("Zoning_Inquiry__c", named.residentCancelableZoningInquiry, {
    Status__c: "Submitted",
    Is_Cancelable__c: true,
  });
  await testAdmin()
    .db.collection("users")
    .doc(seededUser("resident").uid)
    .set({ activitiesChangedAt: Timestamp.now() }, { merge: true });
}

/** A CRM record a test made for its own resident, to remove afterwards. */
export interface MadeRecord {
  object: string;
  id: string;
}

/**
 * A fully onboarded resident of the test's own, with a new CRM contact and nothing else: tests that
 * need a resident with exactly these cases (every status, 500 cases) make one, so the seeded
 * residents keep theirs. `remove` deletes the user, the contact and the records passed to it.
 */
export async function freshResident(label: string): Promise<{
  uid: string;
  email: string;
  password: string;
  contactId: string;
  remove: (records: readonly MadeRecord[]) => Promise<void>;
}> {
  const { auth, db } = testAdmin();
  const crm = stackCrm();
  const email = freshEmail(label);
  const contactId = await crm.create("Contact", { FirstName: "Test", LastName: label, Email: email });
  const user = await auth.createUser({ email, password: SEED_PASSWORD, emailVerified: true });
  await db.collection("users").doc(user.uid).set({
    Id: user.uid,
    FirstName: "Test",
    LastName: label,
    Email: email,
    PhoneNumber: "(847) 555-0199",
    Admin: false,
    Verified: true,
    Language: "en",
    isLanguageOverwrittenByDropdown: false,
    ProfilePictureUrl: null,
    SalesforceId: contactId,
    created_at: Timestamp.now(),
  });
  return {
    uid: user.uid,
    email,
    password: SEED_PASSWORD,
    contactId,
    remove: async (records) => {
      for (let start = 0; start < records.length; start += 25) {
        await Promise.all(records.slice(start, start + 25).map((record) => crm.destroy(record.object, record.id)));
      }
      await crm.destroy("Contact", contactId);
      await auth.deleteUser(user.uid);
      await db.collection("users").doc(user.uid).delete();
    },
  };
}
