/**
 * JSON the city's providers answer, declared once for the connector that reads it and the sandbox
 * that writes it (a sandbox imports the contract only). Types only: a connector still checks every
 * field it reads, since the answer comes from outside.
 */

/** A CORE transaction as CORE's API answers it (GET /transactions/:id, and each of a /transactions search). */
export interface CoreTransactionJson {
  id: string;
  status: "APPROVED";
  amountCents: number;
  accountNumber: string;
  appCode: string;
  activityId: string;
  customerId: string;
  /** The session's invoice number (the portal's payment id): how the merchant finds the transaction again. */
  invoiceNumber: string;
  last4: string;
  cardType: string;
  createdAt: string;
}

/** One field of a Salesforce describe (`/sobjects/{name}/describe`): the part the portal reads, and `custom`. */
export interface CrmFieldDescription {
  name: string;
  label: string;
  type: string;
  nillable: boolean;
  createable: boolean;
  updateable: boolean;
  custom: boolean;
  referenceTo: string[];
  relationshipName: string | null;
  picklistValues: { value: string; label: string; active: boolean; defaultValue: boolean }[];
}
