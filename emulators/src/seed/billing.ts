import { type BillingCityInput, billingCity, type CityUtilityAccount } from "./billing-city.ts";
import { city } from "./city.ts";
import { seededRandom } from "./random.ts";

/** The utility billing and permits system's own records, as the billing sandbox serves them. */
export interface BillingSeed {
  accounts: SeededUtilityAccount[];
  permits: SeededPermit[];
  licenses: SeededLicense[];
}

export interface SeededBill {
  id: string;
  type: string;
  /** ISO dates (YYYY-MM-DD). */
  billDate: string;
  dueDate: string;
  gallons: number;
  /** Billed units are hundreds of cubic feet (1 unit = 748 gallons). */
  billedUnits: number;
  amountCents: number;
}

export interface SeededPayment {
  id: string;
  postedDate: string;
  amountCents: number;
  method: "CARD" | "ACH" | "CHECK";
  routingIds: string[];
}

export interface SeededAutopay {
  id: string;
  /** S savings account, C checking account, R recurring card. */
  status: "S" | "C" | "R";
  paymentProfileId: string | null;
}

export interface SeededUtilityAccount extends CityUtilityAccount {
  bills: SeededBill[];
  payments: SeededPayment[];
  autopay: SeededAutopay | null;
}

export interface SeededPermit {
  year: number;
  number: string;
  parcelNumber: string;
  streetNumber: string;
  streetName: string;
  streetSuffix: string;
  ownerName: string;
  applicationDate: string;
  estimatedValueCents: number;
  tenantName: string;
  tenantNumber: string;
  zone: string;
  applicationType: string;
  squareFootage: number;
  status: string;
  contractorName: string;
}

export interface SeededLicense {
  licenseNumber: string;
  pin: string;
  organizationId: string;
  businessName: string;
  /** Keyed by the 2-digit license year. */
  dues: Record<string, { feeCents: number; penaltyCents: number }>;
}

const BILL_MONTHS = 18;
const GALLONS_PER_UNIT = 748;
const BASE_CHARGE_CENTS = 1_450;
const CENTS_PER_UNIT = 612;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** Bills are dated the 1st of each month, the newest this month, due 21 days later. */
function billDates(now: Date): Date[] {
  const dates: Date[] = [];
  for (let back = BILL_MONTHS - 1; back >= 0; back--) {
    dates.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
  }
  return dates;
}

function seedAccount(
  city: CityUtilityAccount,
  now: Date,
  random: ReturnType<typeof seededRandom>,
): SeededUtilityAccount {
  const bills = billDates(now).map((billDate) => {
    const summer = [5, 6, 7, 8].includes(billDate.getUTCMonth());
    const gallons = random.int(2_600, 5_200) + (summer ? random.int(800, 2_400) : 0);
    const billedUnits = Math.round(gallons / GALLONS_PER_UNIT);
    const yyyymm = iso(billDate).slice(0, 7).replace("-", "");
    return {
      id: `${city.customerId}${city.locationId}${yyyymm}`,
      type: "WATER/SEWER/REFUSE",
      billDate: iso(billDate),
      dueDate: iso(addDays(billDate, 21)),
      gallons,
      billedUnits,
      amountCents: BASE_CHARGE_CENTS + billedUnits * CENTS_PER_UNIT,
    };
  });
  const { standing } = city;
  // Current accounts owe only the newest bill; delinquent ones also the three before it.
  const unpaidCount = standing === "delinquent" ? 4 : standing === "credit" ? 0 : 1;
  const payments: SeededPayment[] = bills.slice(0, bills.length - unpaidCount).map((bill, index) => ({
    id: `P${bill.id}`,
    postedDate: iso(addDays(new Date(`${bill.dueDate}T00:00:00Z`), -random.int(0, 12))),
    amountCents: bill.amountCents,
    method: random.pick(["CARD", "ACH", "CHECK"] as const),
    routingIds: [`RT${bill.id.slice(-6)}${String(index).padStart(2, "0")}`],
  }));
  if (standing === "credit") {
    const last = payments[payments.length - 1];
    // A customer who paid twice: the second payment left a credit of exactly $12.50.
    if (last) last.amountCents += 1_250;
  }
  return { ...city, bills, payments, autopay: null };
}

function seedPermits(city: BillingCityInput, now: Date): SeededPermit[] {
  const random = seededRandom(3);
  const types = ["FENCE", "ROOF", "DECK", "WATER HEATER", "FURNACE", "DRIVEWAY", "SHED", "REMODEL", "SIDING"];
  const statuses = ["ISSUED", "UNDER REVIEW", "FINALED", "PENDING PAYMENT", "ISSUED"];
  const contractors = ["FOX VALLEY ROOFING INC", "RIVERSIDE FENCE CO", "KANE COUNTY HVAC LLC", "OWNER"];
  const sequence = new Map<number, number>();
  const permits: SeededPermit[] = [];
  city.parcels.forEach((parcel, index) => {
    const count = index % 3 === 2 ? 0 : 1 + (index % 2);
    for (let n = 0; n < count; n++) {
      const year = now.getUTCFullYear() - ((index + n) % 4);
      const next = (sequence.get(year) ?? 0) + 1;
      sequence.set(year, next);
      const applicationDate = new Date(Date.UTC(year, (index * 5 + n * 3) % 12, 1 + ((index * 7) % 27)));
      permits.push({
        year,
        number: String(next).padStart(5, "0"),
        parcelNumber: parcel.parcelNumber,
        streetNumber: parcel.streetNumber,
        streetName: parcel.streetName,
        streetSuffix: parcel.streetSuffix,
        ownerName: parcel.ownerName,
        applicationDate: iso(applicationDate < now ? applicationDate : addDays(now, -1)),
        estimatedValueCents: random.int(8, 400) * 5_000,
        // Only commercial parcels have tenants on file.
        tenantName: parcel.zone.startsWith("R") || parcel.zone.startsWith("SFR") ? "" : `SUITE ${100 + index} TENANT`,
        tenantNumber: parcel.zone.startsWith("R") || parcel.zone.startsWith("SFR") ? "" : String(9_000 + index),
        zone: parcel.zone,
        applicationType: random.pick(types),
        squareFootage: random.int(40, 2_400),
        status: random.pick(statuses),
        contractorName: random.pick(contractors),
      });
    }
  });
  return permits;
}

function seedLicenses(city: BillingCityInput, now: Date): SeededLicense[] {
  const random = seededRandom(11);
  const lastYear = String((now.getUTCFullYear() - 1) % 100).padStart(2, "0");
  const thisYear = String(now.getUTCFullYear() % 100).padStart(2, "0");
  return city.organizations.map((organization, index) => ({
    licenseNumber: organization.licenseNumber,
    pin: String(random.int(1_000, 9_999)),
    organizationId: organization.id,
    businessName: organization.name,
    dues: {
      // Every second business has already renewed for last year: nothing left to pay.
      [lastYear]:
        index % 2 === 0 ? { feeCents: 15_000 + index * 2_500, penaltyCents: 1_500 } : { feeCents: 0, penaltyCents: 0 },
      [thisYear]: { feeCents: 15_000 + index * 2_500, penaltyCents: 0 },
    },
  }));
}

/** Builds the billing system's records from the city; `now` fixes the 18 billing months. */
export function buildBillingSeed(city: BillingCityInput = billingCity(), now = new Date()): BillingSeed {
  const random = seededRandom(1702);
  const accounts = city.utilityAccounts.map((account) => seedAccount(account, now, random));
  // One account with no portal user is already on bank autopay (checking), as many are.
  const withAutopay = accounts.find((account) => account.standing === "current" && !account.contactId);
  if (withAutopay) withAutopay.autopay = { id: "AP000000000001", status: "C", paymentProfileId: null };
  return { accounts, permits: seedPermits(city, now), licenses: seedLicenses(city, now) };
}

/** The records tests and the README refer to, named. */
export function billingFixtures(seed: BillingSeed) {
  const named = (description: string, test: (account: SeededUtilityAccount) => boolean) => {
    const found = seed.accounts.find(test);
    if (!found) throw new Error(`billing seed has no ${description} account`);
    const { customerId, locationId, streetNumber } = found;
    return { customerId, locationId, streetNumber, accountNumber: `${customerId}-${locationId}` };
  };
  const permit = seed.permits[0];
  const [license, paidLicense] = seed.licenses;
  if (!permit || !license || !paidLicense) throw new Error("billing seed has no permit or licenses");
  const lastYear = Object.keys(license.dues).sort()[0] as string;
  return {
    /** The seeded resident's (Maria Lopez) account: owes only the newest bill. */
    goodAccount: named("good", (account) => account.customerId === city().seededResidentUtilityAccount.Customer_Id__c),
    /** The second seeded resident's account: three bills past due. */
    delinquentAccount: named(
      "delinquent",
      (account) => account.customerId === city().delinquentUtilityAccount.Customer_Id__c,
    ),
    /** Owes -$12.50, answered by the lookup as '1250-'. */
    negativeAccount: named("credit", (account) => account.customerId === city().creditUtilityAccount.Customer_Id__c),
    /** Enrolled in bank autopay (status C). */
    autopayAccount: named("autopay", (account) => account.autopay !== null),
    permit,
    license: { year: lastYear, licenseNumber: license.licenseNumber, pin: license.pin, dues: license.dues[lastYear] },
    /** Renewed already: fees 0 for last year. */
    paidLicense: { year: lastYear, licenseNumber: paidLicense.licenseNumber, pin: paidLicense.pin },
  };
}

export const BILLING_FIXTURES = billingFixtures(buildBillingSeed());
