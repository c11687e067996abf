import { describe, expect, it } from "vitest";
import { hasVisibleText, sanitizeAlertHtml } from "./alert-html";

describe("alert HTML sanitized on save", () => {
  it("keeps the text tags and safe links", () => {
    const html = '<p>Low <strong>pressure</strong>. <a href="https://www.cityofelgin.org/water">Details</a></p>';
    expect(sanitizeAlertHtml(html)).toBe(html);
    expect(sanitizeAlertHtml('<a href="/payment">Pay</a>')).toBe('<a href="/payment">Pay</a>');
  });

  it("drops scripts, handlers, styles, frames and unsafe links", () => {
    expect(sanitizeAlertHtml('<p onclick="steal()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
    expect(sanitizeAlertHtml('<img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>ok')).toBe(
      "ok",
    );
    expect(sanitizeAlertHtml('<p style="position:fixed">x</p>')).toBe("<p>x</p>");
    expect(sanitizeAlertHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeAlertHtml('<a href="//evil.example/x">x</a>')).toBe("<a>x</a>");
  });

  it("gives new-tab links noopener and drops other targets", () => {
    expect(sanitizeAlertHtml('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeAlertHtml('<a href="https://a.example" target="top" rel="opener">a</a>')).toBe(
      '<a href="https://a.example">a</a>',
    );
  });

  it("tells an empty text from a real one", () => {
    expect(hasVisibleText("<p> </p><script>x</script>")).toBe(false);
    expect(hasVisibleText("<p>Hola</p>")).toBe(true);
  });
});
