import {
  type ActivityObject,
  type ActivityRecord,
  buildActivities,
  type FeeLine,
  type NamedActivities,
  type StatusHistory,
} from "./city-activities.ts";
import { type Board, type BoardAttendance, type BoardMember, buildBoards } from "./city-boards.ts";
import { buildKnowledge, buildNews, type KnowledgeArticle, type NewsPost } from "./city-content.ts";
import type { SObjectName } from "./city-ids.ts";
import { buildParcels, type LandParcel } from "./city-parcels.ts";
import {
  buildPeople,
  type Contact,
  type Organization,
  type OrganizationMember,
  type UtilityAccount,
} from "./city-people.ts";
import { seededUser } from "./fixtures.ts";

export { ACTIVITY_OBJECTS, type ActivityObject, CITY_EPOCH, STATUS_PATHS } from "./city-activities.ts";
export { crmId, KEY_PREFIX, objectOfId, type SObjectName } from "./city-ids.ts";
export type {
  ActivityRecord,
  Board,
  BoardAttendance,
  BoardMember,
  Contact,
  FeeLine,
  KnowledgeArticle,
  LandParcel,
  NewsPost,
  Organization,
  OrganizationMember,
  StatusHistory,
  UtilityAccount,
};

/**
 * The seeded city: a mid-size Illinois city on the Fox River (Elgin-like, zips 60120/60123/60124).
 * Every sandbox that needs people, places or cases reads it from here so the systems agree:
 * the CRM serves it as sObjects, the billing system bills its utility accounts.
 */
export interface City {
  parcels: LandParcel[];
  contacts: Contact[];
  organizations: Organization[];
  organizationMembers: OrganizationMember[];
  utilityAccounts: UtilityAccount[];
  activities: Record<ActivityObject, ActivityRecord[]>;
  statusHistories: StatusHistory[];
  /** Itemized fees of the records that ask for a payment (Fee_Line__c). */
  feeLines: FeeLine[];
  boards: Board[];
  boardMembers: BoardMember[];
  boardAttendance: BoardAttendance[];
  knowledgeArticles: KnowledgeArticle[];
  newsPosts: NewsPost[];
  /** The water account of the seeded resident (fixtures "resident", Maria Lopez). */
  seededResidentUtilityAccount: UtilityAccount;
  /** Ids of activities tests name (resident's action-required case, approver's organization permit, ...). */
  seededActivities: NamedActivities;
  /** A delinquent account owned by the second seeded resident (delinquency notification tests). */
  delinquentUtilityAccount: UtilityAccount;
  /** An account with a credit (negative balance) and no portal user. */
  creditUtilityAccount: UtilityAccount;
}

let memo: City | undefined;

/** Builds the city once per process; the result is the same on every machine and run. */
export function city(): City {
  memo ??= buildCity();
  return memo;
}

function buildCity(): City {
  const parcels = buildParcels();
  const people = buildPeople(parcels);
  const activities = buildActivities(people.contacts, parcels, people.organizations);
  const staff = people.contacts.filter((contact) => contact.Is_City_Staff__c && !contact.Portal_User_Id__c);
  const boards = buildBoards(staff);
  const accountOf = (contactId: string | null) => {
    const account = people.utilityAccounts.find((candidate) => candidate.Contact__c === contactId);
    if (!account) throw new Error(`seed: no utility account for contact ${contactId}`);
    return account;
  };
  // The seeded resident's letter: $25.00 of late payment interest on her water account.
  accountOf(seededUser("resident").salesforceId).Late_Payment_Interest__c = 25;
  const credit = people.utilityAccounts.find((account) => account.Standing__c === "credit" && !account.Contact__c);
  if (!credit) throw new Error("seed: no credit account");
  return {
    parcels,
    ...people,
    activities: activities.records,
    statusHistories: activities.statusHistories,
    feeLines: activities.feeLines,
    boards: boards.boards,
    boardMembers: boards.members,
    boardAttendance: boards.attendance,
    knowledgeArticles: buildKnowledge(),
    newsPosts: buildNews(),
    seededResidentUtilityAccount: accountOf(seededUser("resident").salesforceId),
    seededActivities: activities.named,
    delinquentUtilityAccount: accountOf(seededUser("resident2").salesforceId),
    creditUtilityAccount: credit,
  };
}

/** The city as CRM sObjects, keyed by API name: what the CRM sandbox loads. */
export function citySObjects(): Record<SObjectName, Record<string, unknown>[]> {
  const data = city();
  return {
    Land_Parcel_Master__c: data.parcels,
    Contact: data.contacts,
    Account: data.organizations,
    AccountContactRelation: data.organizationMembers,
    Utility_Account__c: data.utilityAccounts,
    Case: data.activities.Case,
    COE_Permit__c: data.activities.COE_Permit__c,
    Permit_Applications__c: data.activities.Permit_Applications__c,
    Zoning_Inquiry__c: data.activities.Zoning_Inquiry__c,
    LPI_Application__c: data.activities.LPI_Application__c,
    Status_History__c: data.statusHistories,
    Fee_Line__c: data.feeLines,
    Boards_Commissions__c: data.boards,
    Board_Commission_Member__c: data.boardMembers,
    Board_Attendance__c: data.boardAttendance,
    Knowledge__kav: data.knowledgeArticles,
    Elgin_Today__c: data.newsPosts,
    // No seeded files: the portal attaches report photos to the cases it files.
    ContentVersion: [],
    ContentDocument: [],
    ContentDocumentLink: [],
    // Staff and residents' public notes on cases (none seeded; the store declares its fields).
    CaseComment: [],
  } as unknown as Record<SObjectName, Record<string, unknown>[]>;
}
