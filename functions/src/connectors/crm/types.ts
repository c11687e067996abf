import type { CrmFieldDescription } from "../../contract/provider-wire";
import type { SoqlStatement } from "./soql";

/** Every CRM record carries its 18-character id; other fields depend on the object. */
export type CrmRecord = { Id: string } & Record<string, unknown>;

/** A field as describe() answers it, without what the portal does not read (`custom`, picklist defaults). */
export type CrmField = Omit<CrmFieldDescription, "custom" | "picklistValues"> & {
  picklistValues: Omit<CrmFieldDescription["picklistValues"][number], "defaultValue">[];
};

/**
 * The city's CRM (Salesforce). Each method is one or more API calls, and the city has a daily
 * API call limit, so callers cache what changes rarely: describe() results and public data
 * (boards, knowledge articles, news, land parcels) for minutes to hours; a user's contact id
 * lives in the user document. Failures throw ConnectorError('crm', 'unavailable' | 'rejected'
 * | 'not_found').
 */
export interface CrmConnector {
  /** Runs a query and follows nextRecordsUrl until every row is read (one call per 2,000 rows). */
  query<T extends Record<string, unknown> = CrmRecord>(statement: SoqlStatement): Promise<T[]>;
  /** SELECT COUNT() ...: the number of matching rows. */
  count(statement: SoqlStatement): Promise<number>;
  create(objectName: string, fields: Record<string, unknown>): Promise<string>;
  retrieve<T extends CrmRecord = CrmRecord>(objectName: string, id: string): Promise<T>;
  update(objectName: string, id: string, fields: Record<string, unknown>): Promise<void>;
  destroy(objectName: string, id: string): Promise<void>;
  describeFields(objectName: string): Promise<CrmField[]>;
}
