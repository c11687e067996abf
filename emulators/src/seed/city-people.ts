import { crmId } from "./city-ids.ts";
import { type LandParcel, streetLine } from "./city-parcels.ts";
import { SEEDED_ORGANIZATION_ID, SEEDED_USERS } from "./fixtures.ts";
import { seededRandom } from "./random.ts";

export interface Contact {
  Id: string;
  FirstName: string;
  LastName: string;
  Name: string;
  Email: string;
  Phone: string;
  MailingStreet: string;
  MailingCity: string;
  MailingState: string;
  MailingPostalCode: string;
  /** The parcel the contact lives at. */
  Land_Parcel_Master__c: string;
  /** The portal user id (Firebase uid) once the contact has a portal account. */
  Portal_User_Id__c: string | null;
  /** City employees (board liaisons, clerks). */
  Is_City_Staff__c: boolean;
  Title: string | null;
}

export interface Organization {
  Id: string;
  Name: string;
  Tax_Id__c: string;
  Business_License_Id__c: string;
  BillingStreet: string;
  BillingCity: string;
  BillingState: string;
  BillingPostalCode: string;
  Phone: string;
  Land_Parcel_Master__c: string;
}

/** Membership of a contact in an organization (Salesforce's AccountContactRelation). */
export interface OrganizationMember {
  Id: string;
  AccountId: string;
  ContactId: string;
  Roles: "Approver" | "Member";
  IsActive: boolean;
}

/**
 * A water account. Its standing tells the billing seed what bills to make: a delinquent
 * account has an overdue balance, a credit account a negative balance.
 */
export interface UtilityAccount {
  Id: string;
  Customer_Id__c: string;
  Location_Id__c: string;
  Street_Number__c: string;
  Street_Name__c: string;
  Street_Suffix__c: string;
  /** Null when nobody who lives there is a CRM contact. */
  Contact__c: string | null;
  Owner_Name__c: string;
  Land_Parcel_Master__c: string;
  Standing__c: "current" | "delinquent" | "credit";
  /**
   * Late payment interest the city charged on the account (dollars), which a letter asks to pay
   * through its record link (an LPI application's bill); null when there is none.
   */
  Late_Payment_Interest__c: number | null;
}

const GIVEN = [
  "Ana",
  "John",
  "Luis",
  "Emily",
  "Piotr",
  "Grace",
  "David",
  "Rosa",
  "Kevin",
  "Aisha",
  "Carlos",
  "Megan",
  "Tomasz",
  "Linh",
  "Brian",
  "Guadalupe",
  "Michael",
  "Fatima",
  "Jorge",
  "Laura",
  "Daniel",
  "Yesenia",
  "Robert",
  "Mei",
];
const SURNAMES = [
  "Garcia",
  "Nowak",
  "Johnson",
  "Hernandez",
  "Schmidt",
  "Patel",
  "Kowalski",
  "Nguyen",
  "Murphy",
  "Okafor",
  "Martinez",
  "Anderson",
  "Ramirez",
  "Miller",
  "Wisniewski",
  "Torres",
  "Brown",
  "Flores",
  "Larson",
  "Reyes",
  "Olson",
  "Castillo",
];

const BUSINESS_NAMES = [
  "Fox River Bakery",
  "Dundee Avenue Hardware",
  "Elgin Riverside Auto Repair",
  "Spring Street Salon",
  "Highland Avenue Dental",
  "Chicago Street Coffee",
  "Larkin Tire & Brake",
  "Gifford Park Books",
  "McLean Boulevard Fitness",
  "Bluff City Landscaping",
  "Walnut Avenue Tailors",
  "Prospect Pharmacy",
  "Villa Street Taqueria",
  "Kimball Street Printing",
  "Big Timber Plumbing",
  "Randall Road Cleaners",
  "Summit Street Florist",
  "Division Street Deli",
  "National Street Electric",
  "Wing Park Pet Grooming",
  "Grove Avenue Realty",
  "Lawrence Avenue Pizzeria",
  "Congdon Auto Glass",
  "Douglas Avenue Law Office",
  "State Street Barbers",
  "Liberty Street Insurance",
  "Center City Music",
  "Fulton Street Yoga",
  "Jefferson Heating & Cooling",
  "Shales Parkway Daycare",
];

export interface People {
  contacts: Contact[];
  organizations: Organization[];
  organizationMembers: OrganizationMember[];
  utilityAccounts: UtilityAccount[];
}

export const CONTACT_COUNT = 200;

/** The seeded resident pays on time; the second seeded resident is behind (delinquency tests). */
function standingOf(serial: number, owner: Contact | null): UtilityAccount["Standing__c"] {
  const seeded = SEEDED_USERS.find((user) => user.salesforceId && user.salesforceId === owner?.Id);
  if (seeded?.key === "resident") return "current";
  if (seeded?.key === "resident2") return "delinquent";
  if (seeded) return "current";
  if (serial % 23 === 5) return "delinquent";
  return serial % 41 === 7 ? "credit" : "current";
}
/** Contacts from this serial on are city staff (board liaisons). */
const FIRST_STAFF_SERIAL = 191;

function contactAt(
  parcel: LandParcel,
  fields: Omit<
    Contact,
    "MailingStreet" | "MailingCity" | "MailingState" | "MailingPostalCode" | "Land_Parcel_Master__c" | "Name"
  >,
): Contact {
  return {
    ...fields,
    Name: `${fields.FirstName} ${fields.LastName}`,
    MailingStreet: streetLine(parcel),
    MailingCity: "Elgin",
    MailingState: "IL",
    MailingPostalCode: parcel.Postal__c,
    Land_Parcel_Master__c: parcel.Id,
  };
}

/** Contacts live on residential parcels; organizations sit on business parcels. */
export function buildPeople(parcels: readonly LandParcel[]): People {
  const random = seededRandom(60123);
  const homes = parcels.filter((parcel) => parcel.Is_Residential__c && !parcel.UnitName__c);
  const shops = parcels.filter((parcel) => !parcel.Is_Residential__c);
  const contacts: Contact[] = [];
  const usedSerials = new Set<number>();

  // The seeded sign-ins keep their ids; each gets the home with its serial's index.
  for (const user of SEEDED_USERS) {
    if (!user.salesforceId) continue;
    const serial = Number(user.salesforceId.slice(3, 15));
    usedSerials.add(serial);
    // Staff work in a city building: a non-residential parcel, so no water account is drawn for it
    // and the random sequence behind every other contact and account stays as it was.
    const parcel = user.staff ? (shops[shops.length - 1] as LandParcel) : (homes[serial - 1] as LandParcel);
    contacts.push(
      contactAt(parcel, {
        Id: user.salesforceId,
        FirstName: user.firstName,
        LastName: user.lastName,
        Email: user.email,
        Phone: user.phone,
        Portal_User_Id__c: user.uid,
        Is_City_Staff__c: user.admin || user.staff === true,
        Title: user.admin ? "City Clerk" : user.staff ? "Customer Service Representative" : null,
      }),
    );
  }
  for (let serial = 1; serial <= CONTACT_COUNT; serial++) {
    if (usedSerials.has(serial)) continue;
    const firstName = random.pick(GIVEN);
    const lastName = random.pick(SURNAMES);
    const staff = serial >= FIRST_STAFF_SERIAL;
    contacts.push(
      contactAt(homes[serial - 1] as LandParcel, {
        Id: crmId("Contact", serial),
        FirstName: firstName,
        LastName: lastName,
        Email: staff
          ? `${firstName[0]?.toLowerCase()}${lastName.toLowerCase()}@cityofelgin.example.gov`
          : `${firstName.toLowerCase()}.${lastName.toLowerCase()}${serial}@example.com`,
        Phone: `(847) 555-${String(1000 + serial).padStart(4, "0")}`,
        Portal_User_Id__c: null,
        Is_City_Staff__c: staff,
        Title: staff
          ? random.pick(["Senior Planner", "Deputy Clerk", "Management Analyst", "Neighborhood Liaison"])
          : null,
      }),
    );
  }
  contacts.sort((left, right) => left.Id.localeCompare(right.Id));

  const organizations: Organization[] = BUSINESS_NAMES.map((name, index) => {
    const shop = shops[index * 7] as LandParcel;
    return {
      Id: index === 0 ? SEEDED_ORGANIZATION_ID : crmId("Account", index + 1),
      Name: name,
      Tax_Id__c: `36-${String(4_100_000 + index * 7_919).padStart(7, "0")}`,
      Business_License_Id__c: `BL-${String(24_000 + index * 37)}`,
      BillingStreet: streetLine(shop),
      BillingCity: "Elgin",
      BillingState: "IL",
      BillingPostalCode: shop.Postal__c,
      Phone: `(847) 555-${String(2000 + index).padStart(4, "0")}`,
      Land_Parcel_Master__c: shop.Id,
    };
  });

  const organizationMembers: OrganizationMember[] = [];
  const addMember = (accountId: string, contactId: string, role: OrganizationMember["Roles"]) =>
    organizationMembers.push({
      Id: crmId("AccountContactRelation", organizationMembers.length + 1),
      AccountId: accountId,
      ContactId: contactId,
      Roles: role,
      IsActive: true,
    });
  for (const user of SEEDED_USERS) {
    if (user.organization && user.salesforceId) {
      addMember(user.organization.id, user.salesforceId, user.organization.role === "approver" ? "Approver" : "Member");
    }
  }
  // Other organizations get an approver and one or two members from the ordinary residents.
  organizations.slice(1).forEach((organization, index) => {
    const base = 10 + index * 5;
    addMember(organization.Id, crmId("Contact", base), "Approver");
    addMember(organization.Id, crmId("Contact", base + 1), "Member");
    if (index % 2 === 0) addMember(organization.Id, crmId("Contact", base + 2), "Member");
  });

  // Most residential parcels have a water account; owners are contacts where one lives there.
  const contactByParcel = new Map(contacts.map((contact) => [contact.Land_Parcel_Master__c, contact]));
  const utilityAccounts: UtilityAccount[] = [];
  parcels.forEach((parcel) => {
    const resident = contactByParcel.get(parcel.Id);
    if (!parcel.Is_Residential__c || (!resident && !random.chance(0.85))) return;
    const serial = utilityAccounts.length + 1;
    const owner = resident ?? null;
    utilityAccounts.push({
      Id: crmId("Utility_Account__c", serial),
      Customer_Id__c: String(100_000_000 + serial * 7_331).padStart(9, "0"),
      Location_Id__c: String(200_000_000 + serial * 4_099).padStart(9, "0"),
      Street_Number__c: parcel.AddNum__c,
      Street_Name__c: parcel.StName__c,
      Street_Suffix__c: parcel.StType__c,
      Contact__c: owner?.Id ?? null,
      Owner_Name__c: owner
        ? `${owner.LastName.toUpperCase()}, ${owner.FirstName.toUpperCase()}`
        : `${random.pick(SURNAMES).toUpperCase()}, ${random.pick(GIVEN).toUpperCase()}`,
      Land_Parcel_Master__c: parcel.Id,
      Standing__c: standingOf(serial, owner),
      Late_Payment_Interest__c: null,
    });
  });
  return { contacts, organizations, organizationMembers, utilityAccounts };
}
