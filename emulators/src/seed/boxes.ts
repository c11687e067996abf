import { CITY_EPOCH, city, type UtilityAccount } from "./city.ts";

export const BOX_ROOT_FOLDER_ID = "0";
export const RECORDS_FOLDER_ID = "100000000001";
export const UTILITY_FOLDER_ID = "100000000002";

export interface SeedBoxFile {
  name: string;
  contentType: string;
  content: Buffer;
}

export interface SeedBoxFolder {
  /** The CRM record id or the utility account number the folder is named after. */
  name: string;
  parentId: string;
  files: SeedBoxFile[];
}

/** Billing folders are named by account number, as the billing system files bills: customer-location. */
export const utilityFolderName = (account: Pick<UtilityAccount, "Customer_Id__c" | "Location_Id__c">) =>
  `${account.Customer_Id__c}-${account.Location_Id__c}`;

/** A small valid PDF with one line of text, so previews open. */
function tinyPdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, "");
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const monthLabel = (monthsBack: number) => {
  const date = new Date(CITY_EPOCH);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return date.toISOString().slice(0, 7);
};

/**
 * Folders the file-box system starts with: one per utility account that has a portal contact
 * (two bills each) and one per named case of the seeded residents (a site photo note).
 * Accounts without a contact have no folder, which the portal shows as 'Util.NoFolderFound'.
 */
export function buildBoxFolders(): SeedBoxFolder[] {
  const data = city();
  const utility = data.utilityAccounts
    .filter((account) => account.Contact__c)
    .map((account) => ({
      name: utilityFolderName(account),
      parentId: UTILITY_FOLDER_ID,
      files: [2, 4].map((monthsBack) => ({
        name: `Water bill ${monthLabel(monthsBack)}.pdf`,
        contentType: "application/pdf",
        content: tinyPdf(`City of Elgin water bill ${monthLabel(monthsBack)} account ${utilityFolderName(account)}`),
      })),
    }));
  const records = Object.values(data.seededActivities).map((recordId) => ({
    name: recordId,
    parentId: RECORDS_FOLDER_ID,
    files: [
      {
        name: "Inspector notes.pdf",
        contentType: "application/pdf",
        content: tinyPdf(`Inspection notes for record ${recordId}`),
      },
    ],
  }));
  return [...utility, ...records];
}
