import { createHash } from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { userSearchFields } from "../../../functions/src/contract/admin-users.ts";
import { FEATURE_FLAGS, type FeatureFlagName } from "../../../functions/src/contract/feature-flags.ts";
import { LANGUAGE_CODES } from "../../../functions/src/contract/languages.ts";
import { OPEN311_SEEDED_DEMO_KEY } from "../../../functions/src/contract/open311-keys.ts";
import { seedHomeAndCatalogue } from "./activities.ts";
import { city } from "./city.ts";
import { SEED_PASSWORD, SEEDED_USERS } from "./fixtures.ts";
import { spanishServiceNameRecords } from "./service-names-es.ts";
import { bundledTranslationRecords } from "./translations.ts";
import { type SeedContext, writeAll } from "./write.ts";

/** Flags as a new local stack starts; admins change them on the feature-flags page. */
export const SEEDED_FLAGS: Record<FeatureFlagName, boolean> = {
  EnablePopularServices: true,
  EnableWaterBillRedesign: true,
  EnableCORE: false,
  EnableACHAutopay: true,
  EnableDelinquentBillingNotifications: true,
  EnableUserAdminMenuV2: true,
  EnableWaterBillHistoryPage: true,
  EnableBoardsAndCommissions: true,
  EnableLPI: true,
};

async function seedSignIns({ auth, db }: SeedContext) {
  for (const user of SEEDED_USERS) {
    await auth.createUser({
      uid: user.uid,
      email: user.email,
      password: SEED_PASSWORD,
      emailVerified: user.emailVerified,
      displayName: `${user.firstName} ${user.lastName}`,
    });
    if (user.admin || user.staff) {
      await auth.setCustomUserClaims(user.uid, {
        ...(user.admin ? { admin: true } : {}),
        ...(user.staff ? { staff: true } : {}),
      });
    }
  }
  await writeAll(
    db,
    "users",
    SEEDED_USERS.map((user) => ({
      id: user.uid,
      data: {
        Id: user.uid,
        FirstName: user.firstName,
        LastName: user.lastName,
        Email: user.email,
        PhoneNumber: user.phone,
        Admin: user.admin,
        Staff: user.staff === true,
        Verified: user.emailVerified,
        Language: "en",
        isLanguageOverwrittenByDropdown: false,
        ProfilePictureUrl: null,
        SalesforceId: user.salesforceId,
        created_at: FieldValue.serverTimestamp(),
        // The users administration search (functions/src/contract/admin-users.ts).
        ...userSearchFields({
          Email: user.email,
          FirstName: user.firstName,
          LastName: user.lastName,
          PhoneNumber: user.phone,
          SalesforceId: user.salesforceId,
        }),
      },
    })),
  );
  await seedUserEvents(db);
  await writeAll(
    db,
    "orgMembers",
    SEEDED_USERS.flatMap((user) =>
      user.organization
        ? [
            {
              id: `${user.organization.id}_${user.uid}`,
              data: {
                organizationId: user.organization.id,
                // As joining through the portal stores it: the header's selector shows the name.
                OrganizationName: organizationName(user.organization.id),
                UserId: user.uid,
                FirstName: user.firstName,
                LastName: user.lastName,
                Role: user.organization.role,
                Verified: true,
              },
            },
          ]
        : [],
    ),
  );
}

/** A login, a session and a started service of the resident, for the admin user view's activity history. */
async function seedUserEvents(db: Firestore) {
  const resident = SEEDED_USERS.find((user) => user.key === "resident");
  if (!resident) return;
  const at = (iso: string) => Timestamp.fromDate(new Date(iso));
  const agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
  await writeAll(db, "userEvents", [
    {
      id: "seed-resident-login",
      data: {
        UserId: resident.uid,
        Event: "UserLogin",
        ipAddress: "203.0.113.24",
        platform: "web",
        userAgent: agent,
        CreatedAt: at("2026-11-02T15:04:05Z"),
      },
    },
    {
      id: "seed-resident-session",
      data: {
        UserId: resident.uid,
        Event: "UserSession",
        ipAddress: "203.0.113.24",
        platform: "web",
        userAgent: agent,
        CreatedAt: at("2026-11-03T18:30:00Z"),
      },
    },
    {
      id: "seed-resident-create-activity",
      data: {
        UserId: resident.uid,
        Event: "CreateActivity",
        ipAddress: null,
        platform: "web",
        userAgent: "",
        Action: "REPORT",
        Item: "svc-report-pothole",
        ItemName: "Pothole",
        CreatedAt: at("2026-11-04T14:00:00Z"),
      },
    },
  ]);
  // What the portal keeps beside a CreateActivity event (the noActivities audience reads it).
  await db
    .collection("users")
    .doc(resident.uid)
    .set({ hasActivities: true, lastActivityAt: at("2026-11-04T14:00:00Z") }, { merge: true });
}

/** The CRM sandbox's name of a seeded organization. */
function organizationName(organizationId: string): string {
  const organization = city().organizations.find((candidate) => candidate.Id === organizationId);
  if (!organization) throw new Error(`seed: no CRM organization ${organizationId}`);
  return organization.Name;
}

async function seedFlags({ db }: SeedContext) {
  await writeAll(
    db,
    "featureFlags",
    FEATURE_FLAGS.map((name) => ({ id: name, data: { name, enabled: SEEDED_FLAGS[name] } })),
  );
}

async function seedTranslations({ db, repoRoot }: SeedContext) {
  // The app's own texts, then the service names admins translated (the catalogue is English only).
  const records = [...bundledTranslationRecords(repoRoot, LANGUAGE_CODES), ...spanishServiceNameRecords()];
  await writeAll(
    db,
    "translations",
    records.map((record) => ({ id: record.Id, data: { ...record } })),
  );
}

/** The CRM fields residents see in an activity's form details (admins change them on the public-fields page). */
export const SEEDED_PUBLIC_FIELDS: Record<string, string[]> = {
  Case: ["Subject", "Description", "Type"],
  COE_Permit__c: ["Permit_Type__c", "Property_Type__c", "Estimated_Value__c", "Contractor_Name__c"],
  Permit_Applications__c: ["Application_Type__c", "Square_Footage__c"],
  Zoning_Inquiry__c: ["Land_Parcel_Master_Address__c", "Business_Details__c", "Is_this_a_home_based_business__c"],
  LPI_Application__c: ["Application_Name__c", "Application_Fee__c"],
};

async function seedPublicFields({ db }: SeedContext) {
  await writeAll(
    db,
    "publicFields",
    Object.entries(SEEDED_PUBLIC_FIELDS).map(([objectName, fields]) => ({
      id: objectName,
      data: { objectName, fields },
    })),
  );
}

/** The seeded app allowed to file through Open311 (its key in the contract); stored as the admin page stores keys: hashed. */
export const SEEDED_OPEN311_APP = { name: "FixMyStreet (local demo)", limitPerHour: 1000 };

async function seedOpen311Keys({ db }: SeedContext) {
  const id = createHash("sha256").update(OPEN311_SEEDED_DEMO_KEY, "utf8").digest("hex");
  await writeAll(db, "open311Keys", [
    {
      id,
      data: {
        ...SEEDED_OPEN311_APP,
        prefix: OPEN311_SEEDED_DEMO_KEY.slice(0, 9),
        createdBy: null,
        createdAt: Timestamp.fromDate(new Date("2026-11-01T15:00:00Z")),
        revokedAt: null,
        revokedBy: null,
      },
    },
  ]);
}

/** Every seeder of portal-owned data, in order. Later features add theirs here. */
export const PORTAL_SEEDERS: ((context: SeedContext) => Promise<void>)[] = [
  seedSignIns,
  seedFlags,
  seedTranslations,
  seedHomeAndCatalogue,
  seedPublicFields,
  seedOpen311Keys,
];

export async function seedPortal(context: SeedContext): Promise<void> {
  for (const seeder of PORTAL_SEEDERS) await seeder(context);
}
