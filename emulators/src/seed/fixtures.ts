/**
 * The seeded data that tests and the README rely on, named in one place. Tests read these
 * values instead of repeating them. The sign-ins exist in the Auth emulator, in Firestore
 * (users/{uid}) and, when they have a CRM id, as CRM contacts.
 */
export const SEED_PASSWORD = "Portal-Demo-2026!";

export interface SeededUser {
  key: "resident" | "resident2" | "orgMember" | "approver" | "unverified" | "noCrm" | "admin" | "staff";
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  emailVerified: boolean;
  admin: boolean;
  /** The console role (issue 31): the `staff` claim and users/{uid}.Staff. */
  staff?: boolean;
  /** CRM contact id, null before onboarding. */
  salesforceId: string | null;
  /** Organization membership (CRM account id) and role. */
  organization: { id: string; role: "member" | "approver" } | null;
  description: string;
}

/** CRM ids are 18 characters, as Salesforce's are. */
export const SEEDED_ORGANIZATION_ID = "001000000000001AAA";

export const SEEDED_USERS: readonly SeededUser[] = [
  {
    key: "resident",
    uid: "seed-resident",
    email: "maria.lopez@example.com",
    firstName: "Maria",
    lastName: "Lopez",
    phone: "(847) 555-0101",
    emailVerified: true,
    admin: false,
    salesforceId: "003000000000001AAA",
    organization: null,
    description: "resident, fully onboarded, with a water account",
  },
  {
    key: "resident2",
    uid: "seed-resident2",
    email: "james.oconnor@example.com",
    firstName: "James",
    lastName: "O'Connor",
    phone: "(847) 555-0102",
    emailVerified: true,
    admin: false,
    salesforceId: "003000000000002AAA",
    organization: null,
    description: "a second resident (for ownership checks)",
  },
  {
    key: "approver",
    uid: "seed-approver",
    email: "dana.whitfield@example.com",
    firstName: "Dana",
    lastName: "Whitfield",
    phone: "(847) 555-0103",
    emailVerified: true,
    admin: false,
    salesforceId: "003000000000003AAA",
    organization: { id: SEEDED_ORGANIZATION_ID, role: "approver" },
    description: "business approver of Fox River Bakery",
  },
  {
    key: "orgMember",
    uid: "seed-org-member",
    email: "sam.patel@example.com",
    firstName: "Sam",
    lastName: "Patel",
    phone: "(847) 555-0104",
    emailVerified: true,
    admin: false,
    salesforceId: "003000000000004AAA",
    organization: { id: SEEDED_ORGANIZATION_ID, role: "member" },
    description: "member of Fox River Bakery",
  },
  {
    key: "unverified",
    uid: "seed-unverified",
    email: "new.neighbor@example.com",
    firstName: "Nora",
    lastName: "Neighbor",
    phone: "(847) 555-0105",
    emailVerified: false,
    admin: false,
    salesforceId: null,
    organization: null,
    description: "signed up, email not verified",
  },
  {
    key: "noCrm",
    uid: "seed-no-crm",
    email: "verified.only@example.com",
    firstName: "Victor",
    lastName: "Vance",
    phone: "(847) 555-0106",
    emailVerified: true,
    admin: false,
    salesforceId: null,
    organization: null,
    description: "verified, account creation not finished (no CRM id)",
  },
  {
    key: "admin",
    uid: "seed-admin",
    email: "clerk@example.gov",
    firstName: "Alex",
    lastName: "Clerk",
    phone: "(847) 555-0107",
    emailVerified: true,
    admin: true,
    salesforceId: "003000000000005AAA",
    organization: null,
    description: "city administrator",
  },
  {
    key: "staff",
    uid: "seed-staff",
    email: "counter@example.gov",
    firstName: "Casey",
    lastName: "Counter",
    phone: "(847) 555-0108",
    emailVerified: true,
    admin: false,
    staff: true,
    // A contact past the generated ones (CONTACT_COUNT is 200), on a city building's parcel: the
    // seeded city's other people, accounts and cases stay as they were (city-people.ts).
    salesforceId: "003000000000201AAA",
    organization: null,
    description: "city staff: the phone and counter console, no configuration",
  },
];

export const seededUser = (key: SeededUser["key"]): SeededUser => {
  const user = SEEDED_USERS.find((candidate) => candidate.key === key);
  if (!user) throw new Error(`No seeded user ${key}`);
  return user;
};
