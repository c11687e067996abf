import type { PaymentResult } from "@contract/payment";

/** The receipt's lines, as label and value (translated by the caller). */
export type ReceiptLine = [label: string, value: string];

/**
 * A one-page PDF receipt, made in the browser with pdf-lib (loaded only when asked for, so the
 * payment page's first load stays small). Answers an object URL for a download link.
 */
export async function receiptPdfUrl(title: string, lines: ReceiptLine[], result: PaymentResult): Promise<string> {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${title} ${result.authNetTransId}`);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts speak WinAnsi only: anything else (rare in these values) becomes '?'.
  const safe = (text: string) => text.normalize("NFC").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
  page.drawText(safe(title), { x: 56, y: 720, size: 20, font: bold });
  let y = 680;
  for (const [label, value] of lines) {
    page.drawText(safe(label), { x: 56, y, size: 11, font: bold });
    page.drawText(safe(value), { x: 250, y, size: 11, font: regular });
    y -= 22;
  }
  const bytes = await pdf.save();
  return URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
}
