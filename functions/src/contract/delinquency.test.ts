import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./delinquency";

describe("delinquency export cells", () => {
  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1 555", "'+1 555"],
    ["-12.50", "'-12.50"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["100 Main St, Elgin", '"100 Main St, Elgin"'],
    ["plain", "plain"],
  ])("neutralizes %j", (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it("writes rows with CRLF line ends", () => {
    expect(toCsv([["a", 1, true, null]])).toBe("a,1,true,\r\n");
  });
});
