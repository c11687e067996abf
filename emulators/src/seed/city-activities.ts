import { DASHBOARD_OBJECTS, LPI_APPLICATION_NAME } from "../../../functions/src/contract/activity-objects.ts";
import { isCompletedStatus } from "../../../functions/src/contract/case-status.ts";
import { crmId, type SObjectName } from "./city-ids.ts";
import type { LandParcel } from "./city-parcels.ts";
import type { Contact, Organization } from "./city-people.ts";
import { SEEDED_ORGANIZATION_ID, seededUser } from "./fixtures.ts";
import { seededRandom } from "./random.ts";

/** The objects the dashboard lists as activities: the API's own table, so the seed and the portal agree. */
export const ACTIVITY_OBJECTS = DASHBOARD_OBJECTS satisfies Partial<Record<SObjectName, unknown>>;

export type ActivityObject = keyof typeof ACTIVITY_OBJECTS;

/**
 * Each object's status path in order (spec 1 §4 status table covers every value used). The last
 * entries are end states; "On Hold" is deliberately outside the table (shown gray).
 */
export const STATUS_PATHS: Record<ActivityObject, readonly string[]> = {
  Case: [
    "New",
    "Open",
    "Submitted",
    "Under Review",
    "Scheduled",
    "Issued",
    "Complete",
    "Closed",
    "Cancelled",
    "Rejected",
    "On Hold",
  ],
  COE_Permit__c: [
    "Submitted",
    "Under Review",
    "Pending Payment",
    "Ready for Issuance",
    "Generate Permit",
    "Permit Issued",
    "Permit Issued with conditions",
    "Schedule Inspection",
    "Complete",
    "Closed Not Approved",
  ],
  Permit_Applications__c: [
    "New",
    "Submitted",
    "Under Review",
    "Pending Payment",
    "Issued",
    "Complete",
    "Closed",
    "Cancelled",
  ],
  Zoning_Inquiry__c: ["New", "Submitted", "Under Review", "Complete", "Closed", "Cancelled"],
  LPI_Application__c: ["New", "Submitted", "Pending Payment", "Complete", "Rejected"],
};

type FieldValues = Record<string, string | number | boolean | null>;

/** Fields every activity object has, whatever it calls its status, contact and number. */
export interface ActivityRecord {
  Id: string;
  /** Either Status (Case) or Status__c (custom objects); see ACTIVITY_OBJECTS. */
  [field: string]: string | number | boolean | null;
}

export interface StatusHistory {
  Id: string;
  Parent_Record_Id__c: string;
  Object_Type__c: ActivityObject;
  Old_Status__c: string | null;
  New_Status__c: string;
  Changed_Date__c: string;
}

/** Dates in the seeded city are fixed (relative to this instant) so every run is identical. */
export const CITY_EPOCH = Date.parse("2026-11-01T15:00:00.000Z");

/** Salesforce's datetime form: 2026-11-01T15:00:00.000+0000. */
export const sfDateTime = (epochMs: number) => new Date(epochMs).toISOString().replace("Z", "+0000");
const DAY = 86_400_000;

const PAYMENT_CODES: Record<ActivityObject, string> = {
  Case: "GENSVC",
  COE_Permit__c: "BLDPRMT",
  Permit_Applications__c: "PRMTAPP",
  Zoning_Inquiry__c: "ZONEINQ",
  LPI_Application__c: "LPIFEE",
};

const CASE_SUBJECTS = [
  ["Pothole", "Pothole in the eastbound lane near the corner."],
  ["Streetlight", "Light burned out on the pole in front of the house."],
  ["Graffiti", "Graffiti on the utility box by the alley."],
  ["Missed collection", "Recycling was not picked up on the scheduled day."],
  ["Tree trimming", "Parkway tree branches hang low over the sidewalk."],
  ["Code violation", "Junk stored in the side yard for several weeks."],
] as const;

/** Each seeded subject's CRM service request type, as the portal's type mapping files it. */
const SERVICE_REQUEST_TYPES: Record<string, string> = {
  Pothole: "Pothole Repair",
  Streetlight: "Streetlight Repair",
  Graffiti: "Graffiti Removal",
  "Missed collection": "Missed Collection",
  "Tree trimming": "Tree Service",
  "Code violation": "Code Violation",
};

const PERMIT_TYPES = [
  "BuildingShed",
  "PuttingUpFence",
  "RepairReplaceRoof",
  "ReplaceWaterHeater",
  "InstallPatio",
  "ReplaceWindow",
];

/**
 * One line of a record's itemized fee (Fee_Line__c): a permit's fee and plan review, an LPI
 * application's interest per permit. The record's Payment_Amount__c is their sum.
 */
export interface FeeLine {
  Id: string;
  Parent_Record_Id__c: string;
  Application_Number__c: string;
  Application_Name__c: string;
  /** Dollars, as the CRM keeps currency. */
  Fee_Amount__c: number;
}

export interface Activities {
  records: Record<ActivityObject, ActivityRecord[]>;
  statusHistories: StatusHistory[];
  feeLines: FeeLine[];
}

interface ActivitySpec {
  object: ActivityObject;
  status: string;
  contact: Contact;
  accountId: string | null;
  daysAgo: number;
  actionRequiredMessage?: string;
  cancelable?: boolean;
  paymentAmount?: number;
  relatedTo?: string;
  /** Late payment interest owed on the record (dollars). */
  lateInterest?: number;
  /** The fee's lines (names and dollars) when not the object's usual split of paymentAmount. */
  feeLines?: { number: string; name: string; amount: number }[];
  /** Open311's expected_datetime and status_notes, as the city's CRM keeps them on some records. */
  expectedResolutionDate?: string;
  statusNotes?: string;
}

/** Ids of activities tests and the README name; see SEEDED_ACTIVITIES in city.ts. */
export interface NamedActivities {
  residentActionRequiredCase: string;
  residentCancelableZoningInquiry: string;
  residentPaymentDuePermit: string;
  residentRelatedPermitApplication: string;
  residentCompletedCase: string;
  residentLpiApplication: string;
  approverOrganizationPermit: string;
}

export function buildActivities(
  contacts: readonly Contact[],
  parcels: readonly LandParcel[],
  organizations: readonly Organization[],
): Activities & { named: NamedActivities } {
  const random = seededRandom(60124);
  const records: Record<ActivityObject, ActivityRecord[]> = {
    Case: [],
    COE_Permit__c: [],
    Permit_Applications__c: [],
    Zoning_Inquiry__c: [],
    LPI_Application__c: [],
  };
  const statusHistories: StatusHistory[] = [];
  const feeLines: FeeLine[] = [];
  const parcelById = new Map(parcels.map((parcel) => [parcel.Id, parcel]));

  const add = (spec: ActivitySpec): string => {
    const list = records[spec.object];
    const serial = list.length + 1;
    const id = crmId(spec.object, serial);
    const created = CITY_EPOCH - spec.daysAgo * DAY;
    const path = STATUS_PATHS[spec.object];
    const reached = Math.max(0, path.indexOf(spec.status));
    // History walks the path up to the current status, skipping other end states.
    const steps = path.slice(0, reached).filter((status) => !isCompletedStatus(status));
    let previous: string | null = null;
    [...steps, spec.status].forEach((status, index) => {
      statusHistories.push({
        Id: crmId("Status_History__c", statusHistories.length + 1),
        Parent_Record_Id__c: id,
        Object_Type__c: spec.object,
        Old_Status__c: previous,
        New_Status__c: status,
        // Spread over the record's life so the last change is still before CITY_EPOCH.
        Changed_Date__c: sfDateTime(created + Math.floor((index / (steps.length + 1)) * spec.daysAgo * DAY * 0.9)),
      });
      previous = status;
    });
    const lastModified = statusHistories[statusHistories.length - 1]?.Changed_Date__c ?? sfDateTime(created);
    const parcel = parcelById.get(spec.contact.Land_Parcel_Master__c) as LandParcel;
    const meta = ACTIVITY_OBJECTS[spec.object];
    const year = new Date(created).getUTCFullYear();
    const common: ActivityRecord = {
      Id: id,
      [meta.status]: spec.status,
      [meta.contact]: spec.contact.Id,
      [meta.account]: spec.accountId,
      Land_Parcel_Master__c: parcel.Id,
      Action_Required__c: Boolean(spec.actionRequiredMessage),
      Action_Required_Message__c: spec.actionRequiredMessage ?? null,
      Is_Cancelable__c: spec.cancelable ?? false,
      Payment_Required__c: spec.paymentAmount !== undefined,
      Payment_Amount__c: spec.paymentAmount ?? null,
      Payment_Code__c: spec.paymentAmount !== undefined ? PAYMENT_CODES[spec.object] : null,
      // What the portal records on the record once it took the fee (none is paid in the seed).
      Payment_Date__c: null,
      Payment_Transaction_Id__c: null,
      Paid_Amount__c: null,
      // Interest charged on a fee paid late, which a letter's record link asks to pay (LPI).
      Late_Payment_Interest__c: spec.lateInterest ?? null,
      Related_Activity__c: spec.relatedTo ?? null,
      // What residents send when staff ask for more (the portal appends each answer).
      Additional_Information__c: null,
      Expected_Resolution_Date__c: spec.expectedResolutionDate ?? null,
      Status_Notes__c: spec.statusNotes ?? null,
      CreatedDate: sfDateTime(created),
      LastModifiedDate: lastModified,
    };
    if (spec.object === "Case") {
      const [subject, description] = CASE_SUBJECTS[serial % CASE_SUBJECTS.length] as readonly [string, string];
      Object.assign(common, {
        CaseNumber: String(10_250 + serial).padStart(8, "0"),
        Subject: subject,
        Description: `${description} (${parcel.Parcel_Address__c})`,
        Type: subject,
        Origin: "Portal",
        IsClosed: isCompletedStatus(spec.status),
        // Problem reports (functions/src/contract/reports.ts): the type's CRM mapping, the place and
        // the portal's report id (a delivery looks it up so a report is never filed twice).
        Report_Record_Type__c: "Public_Works",
        Service_Request_Type__c: SERVICE_REQUEST_TYPES[subject],
        Portal_Report_Id__c: null,
        Report_Address__c: parcel.Parcel_Address__c,
        // The streetlight, hydrant or sign a report names (issue 33); seeded cases name none.
        Asset_Id__c: null,
        Location__Latitude__s: parcel.Latitude__c,
        Location__Longitude__s: parcel.Longitude__c,
        Report_Category__c: null,
        Rating__c: null,
        Report_Photos__c: null,
      });
    } else {
      const prefix = {
        COE_Permit__c: "COE",
        Permit_Applications__c: "PA",
        Zoning_Inquiry__c: "ZI",
        LPI_Application__c: "LPI",
      }[spec.object];
      Object.assign(
        common,
        { Name: `${prefix}-${year}-${String(serial).padStart(5, "0")}` },
        formDetails(spec, parcel),
      );
    }
    list.push(common);
    if (spec.paymentAmount !== undefined) {
      const number = String(common[meta.number]);
      for (const line of spec.feeLines ?? usualFeeLines(spec.object, number, spec.paymentAmount)) {
        feeLines.push({
          Id: crmId("Fee_Line__c", feeLines.length + 1),
          Parent_Record_Id__c: id,
          Application_Number__c: line.number,
          Application_Name__c: line.name,
          Fee_Amount__c: line.amount,
        });
      }
    }
    return id;
  };

  const formDetails = (spec: ActivitySpec, parcel: LandParcel): FieldValues => {
    switch (spec.object) {
      case "COE_Permit__c":
        return {
          Permit_Type__c: random.pick(PERMIT_TYPES),
          Property_Type__c: "SingleFamilyHomeOwner",
          Estimated_Value__c: random.int(8, 250) * 100,
          Contractor_Name__c: random.pick(["Fox Valley Builders", "Kane Roofing Co.", "Self"]),
        };
      case "Permit_Applications__c":
        return {
          Application_Type__c: random.pick(["Residential Alteration", "Fence", "Driveway", "Electrical Service"]),
          Square_Footage__c: random.int(80, 2400),
        };
      case "Zoning_Inquiry__c":
        return {
          Land_Parcel_Master_Address__c: parcel.Parcel_Address__c,
          Business_Details__c: random.pick([
            "Home bakery selling at farmers markets",
            "Tutoring studio",
            "Small engine repair",
          ]),
          Mark_all_that_apply_to_you_inquiry__c: "know permitted uses at property;know site restrictions",
          Is_this_a_home_based_business__c: "Yes",
          Is_this_a_new_business__c: random.pick(["Yes", "No"]),
          SFDC_ContactID__c: spec.contact.Id,
        };
      case "LPI_Application__c":
        return {
          Application_Name__c: LPI_APPLICATION_NAME,
          Application_Fee__c: spec.paymentAmount ?? 25,
          Utility_Account_Number__c: null,
        };
      default:
        return {};
    }
  };
  const resident = contacts.find((contact) => contact.Id === seededUser("resident").salesforceId) as Contact;
  const approver = contacts.find((contact) => contact.Id === seededUser("approver").salesforceId) as Contact;

  const paymentDuePermit = add({
    object: "COE_Permit__c",
    status: "Pending Payment",
    contact: resident,
    accountId: null,
    daysAgo: 12,
    paymentAmount: 75,
    lateInterest: 9.75,
  });
  const paymentDuePermitNumber = String(records.COE_Permit__c.at(-1)?.Name);
  const named: NamedActivities = {
    residentActionRequiredCase: add({
      object: "Case",
      status: "Open",
      contact: resident,
      accountId: null,
      daysAgo: 6,
      actionRequiredMessage: "Please send a photo of the damaged sidewalk panel so the crew can size the repair.",
      expectedResolutionDate: "2026-11-20",
      statusNotes: "A crew will size the repair once the photo arrives.",
    }),
    residentCancelableZoningInquiry: add({
      object: "Zoning_Inquiry__c",
      status: "Submitted",
      contact: resident,
      accountId: null,
      daysAgo: 3,
      cancelable: true,
    }),
    residentPaymentDuePermit: paymentDuePermit,
    residentRelatedPermitApplication: add({
      object: "Permit_Applications__c",
      status: "Under Review",
      contact: resident,
      accountId: null,
      daysAgo: 10,
      relatedTo: paymentDuePermit,
    }),
    residentCompletedCase: add({ object: "Case", status: "Complete", contact: resident, accountId: null, daysAgo: 60 }),
    residentLpiApplication: add({
      object: "LPI_Application__c",
      status: "Pending Payment",
      contact: resident,
      accountId: null,
      daysAgo: 4,
      paymentAmount: 18.5,
      // The interest the letter named, per permit of hers paid late.
      feeLines: [
        { number: paymentDuePermitNumber, name: "Late payment interest: building permit", amount: 12 },
        // The permit application added just above (object literals evaluate in order).
        {
          number: String(records.Permit_Applications__c.at(-1)?.Name),
          name: "Late payment interest: permit application",
          amount: 6.5,
        },
      ],
    }),
    approverOrganizationPermit: add({
      object: "Permit_Applications__c",
      status: "Ready for Issuance",
      contact: approver,
      accountId: SEEDED_ORGANIZATION_ID,
      daysAgo: 20,
    }),
  };
  add({ object: "Case", status: "Closed", contact: resident, accountId: null, daysAgo: 120 });
  add({
    object: "Case",
    status: "Under Review",
    contact: approver,
    accountId: SEEDED_ORGANIZATION_ID,
    daysAgo: 9,
    cancelable: true,
  });
  add({
    object: "LPI_Application__c",
    status: "Submitted",
    contact: approver,
    accountId: SEEDED_ORGANIZATION_ID,
    daysAgo: 2,
  });

  // Every status of every object, two to four times, for ordinary residents and businesses.
  const residents = contacts.filter((contact) => !contact.Is_City_Staff__c && !contact.Portal_User_Id__c);
  for (const object of Object.keys(STATUS_PATHS) as ActivityObject[]) {
    for (const status of STATUS_PATHS[object]) {
      const count = random.int(2, 4);
      for (let index = 0; index < count; index++) {
        const open = !isCompletedStatus(status);
        const business = random.chance(0.2);
        add({
          object,
          status,
          contact: random.pick(residents),
          accountId: business ? random.pick(organizations).Id : null,
          daysAgo: random.int(1, 400),
          actionRequiredMessage:
            open && random.chance(0.15) ? "Additional documents are needed; see the email from staff." : undefined,
          cancelable: open && random.chance(0.3),
          paymentAmount: status === "Pending Payment" ? random.int(25, 400) : undefined,
        });
      }
    }
  }
  return { records, statusHistories, feeLines, named };
}

/**
 * The lines a fee of this object is itemized in: a permit's fee and its plan review (four fifths
 * and the rest, in cents), anything else one line of the whole fee.
 */
function usualFeeLines(
  object: ActivityObject,
  number: string,
  amount: number,
): { number: string; name: string; amount: number }[] {
  if (object === "COE_Permit__c" || object === "Permit_Applications__c") {
    const permitCents = Math.round(amount * 80);
    return [
      { number, name: "Permit fee", amount: permitCents / 100 },
      { number, name: "Plan review fee", amount: (Math.round(amount * 100) - permitCents) / 100 },
    ];
  }
  const names: Record<ActivityObject, string> = {
    Case: "Service fee",
    COE_Permit__c: "Permit fee",
    Permit_Applications__c: "Permit fee",
    Zoning_Inquiry__c: "Zoning inquiry fee",
    LPI_Application__c: "Late payment interest",
  };
  return [{ number, name: names[object], amount }];
}
