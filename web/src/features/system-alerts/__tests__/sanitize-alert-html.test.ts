import { describe, expect, it } from "vitest";
import { sanitizeAlertHtml } from "../sanitize-alert-html";

describe("sanitizeAlertHtml", () => {
  it("keeps simple formatting and safe links", () => {
    const html = '<p>Expect <strong>low pressure</strong>. <a href="https://www.cityofelgin.org/water">Details</a></p>';
    expect(sanitizeAlertHtml(html)).toBe(html);
  });

  it("removes scripts and their content", () => {
    expect(sanitizeAlertHtml("<p>Hi</p><script>alert(1)</script>")).toBe("<p>Hi</p>");
  });

  it("removes event handlers", () => {
    expect(sanitizeAlertHtml('<p onclick="alert(1)">Hi</p><img src=x onerror="alert(1)">')).toBe("<p>Hi</p>");
    expect(sanitizeAlertHtml('<a href="https://a.example.org" onmouseover="steal()">x</a>')).toBe(
      '<a href="https://a.example.org">x</a>',
    );
  });

  it("removes javascript: and data: links, also disguised", () => {
    expect(sanitizeAlertHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeAlertHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeAlertHtml('<a href="java&#09;script:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeAlertHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe("<a>x</a>");
  });

  it("drops styles, iframes and forms", () => {
    expect(sanitizeAlertHtml('<p style="position:fixed">x</p><iframe src="https://e.example"></iframe>')).toBe(
      "<p>x</p>",
    );
    expect(sanitizeAlertHtml('<form action="https://e.example"><input name="p"></form>ok')).toBe("ok");
  });

  it("adds noopener to links that open a new tab", () => {
    expect(sanitizeAlertHtml('<a href="https://a.example.org" target="_blank">x</a>')).toBe(
      '<a href="https://a.example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
