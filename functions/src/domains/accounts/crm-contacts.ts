import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";

/** The process's one CRM connection, so its login session is reused between requests. */

export interface ContactMatch {
  Id: string;
  Portal_User_Id__c: string | null;
}

/** The CRM contact with this email, if any (one query). */
export async function findContactByEmail(email: string): Promise<ContactMatch | null> {
  const rows = await crmConnector().query<ContactMatch & Record<string, unknown>>(
    soql`SELECT Id, Portal_User_Id__c FROM Contact WHERE Email = ${email} LIMIT 1`,
  );
  return rows[0] ?? null;
}

/**
 * A contact for a new portal user. Salesforce requires LastName; the name is not known until
 * account creation step 1, so the email's local part stands in until the wizard updates it.
 */
export function createSignupContact(email: string, uid: string): Promise<string> {
  return crmConnector().create("Contact", {
    LastName: email.split("@")[0] || email,
    Email: email,
    Portal_User_Id__c: uid,
  });
}
