/**
 * The one CSV writer of every export (OWASP "CSV Injection"). Spreadsheets run a cell that starts
 * with = + - @ (or a tab or carriage return) as a formula, and a reader set to another separator
 * splits a cell at `;` or `,`: a last name `Lopez;=2+5` became the formula `=2+5` in a
 * `;`-separated sheet (issue 26, finding 10). So every cell is quoted, and every part of it that a
 * separator or line break could start gets a leading apostrophe before such a character.
 */
export type CsvValue = string | number | boolean | null;

/** Text a spreadsheet shows as text: each part that starts with = + - @ tab or CR gets a leading '. */
export function neutralizeCsvText(text: string): string {
  return text.replace(/(^|[,;\t\r\n])(?=[=+\-@\t\r])/g, "$1'");
}

/** One cell: neutralized, quoted, its quotes doubled. */
export function csvCell(value: CsvValue): string {
  const text = value === null ? "" : String(value);
  return `"${neutralizeCsvText(text).replace(/"/g, '""')}"`;
}

/** The UTF-8 byte order mark: without it Excel reads the file as the local code page ("Ã‘andÃº"). */
export const CSV_BOM = "\uFEFF";

/** Rows as a CSV document: BOM, every cell through csvCell, CRLF line ends (RFC 4180). */
export function toCsv(rows: CsvValue[][]): string {
  return `${CSV_BOM}${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
