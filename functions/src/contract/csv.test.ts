import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, toCsv } from "./csv";

describe("CSV cells (OWASP CSV injection; issue 26, finding 10)", () => {
  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1 555", '"\'+1 555"'],
    ["-12.50", '"\'-12.50"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\tcmd", '"\'\tcmd"'],
    ["\rcmd", '"\'\rcmd"'],
    ["100 Main St, Elgin", '"100 Main St, Elgin"'],
    ["plain", '"plain"'],
    ["", '""'],
  ])("neutralizes and quotes %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("neutralizes every part a `;` or `,` separator could start, and quotes the cell", () => {
    expect(csvCell("Lopez;=2+5")).toBe(`"Lopez;'=2+5"`);
    expect(csvCell("a,+b; @c;-d")).toBe(`"a,'+b; @c;'-d"`);
    expect(csvCell("x;\t=1")).toBe(`"x;'\t'=1"`);
    expect(csvCell("line\n=cmd")).toBe(`"line\n'=cmd"`);
  });

  it("quotes numbers, booleans and empty values too", () => {
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell(null)).toBe('""');
  });

  it("writes a UTF-8 BOM and CRLF line ends, so Excel shows Ñandú", () => {
    const csv = toCsv([
      ["Name", "City"],
      ["Ñandú", "Elgin"],
    ]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}"Name","City"\r\n"Ñandú","Elgin"\r\n`);
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
