import { createHmac, timingSafeEqual } from "node:crypto";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { SeededBill, SeededUtilityAccount } from "../../seed/billing.ts";

const DOCUMENT_SECRET = "billing-sandbox-document-signing";

/**
 * Bill documents are linked to from the browser, which holds no API key, so their URLs carry
 * a signature instead, as the billing system's document server does.
 */
export const documentSignature = (billId: string) =>
  createHmac("sha256", DOCUMENT_SECRET).update(billId).digest("hex").slice(0, 32);

export function validSignature(billId: string, signature: string) {
  const expected = Buffer.from(documentSignature(billId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const dollars = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;
const usDate = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;

/** A one-page utility bill statement, a real PDF a resident can open and print. */
export async function renderBillPdf(account: SeededUtilityAccount, bill: SeededBill): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Utility bill ${usDate(bill.billDate)}`);
  pdf.setAuthor("City of Elgin Utility Billing");
  pdf.setLanguage("en-US");
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 740;
  const line = (text: string, font = regular, size = 11) => {
    page.drawText(text, { x: 56, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= size + 9;
  };
  line("City of Elgin - Water, Sewer and Refuse Bill", bold, 16);
  y -= 8;
  line(`Account number: ${account.customerId}-${account.locationId}`);
  line(`Customer: ${account.ownerName}`);
  line(`Service address: ${account.streetNumber} ${account.streetName} ${account.streetSuffix}`);
  y -= 8;
  line(`Bill date: ${usDate(bill.billDate)}`);
  line(`Due date: ${usDate(bill.dueDate)}`);
  line(`Water used: ${bill.gallons.toLocaleString("en-US")} gallons (${bill.billedUnits} billed units)`);
  line(`Service type: ${bill.type}`);
  y -= 8;
  line(`Amount due: ${dollars(bill.amountCents)}`, bold, 13);
  y -= 16;
  line("Pay online at the city portal, by phone, or at City Hall, 150 Dexter Court.", regular, 9);
  return pdf.save();
}
