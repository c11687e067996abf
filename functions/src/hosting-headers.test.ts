import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}
const firebaseJson = JSON.parse(readFileSync(join(__dirname, "..", "..", "firebase.json"), "utf8"));
const rules = firebaseJson.hosting.headers as HeaderRule[];

describe("Hosting security headers (security review finding 3)", () => {
  it("no header rule lets another origin frame a page", () => {
    for (const rule of rules) {
      for (const header of rule.headers) {
        if (header.key.toLowerCase() !== "content-security-policy") continue;
        expect(/frame-ancestors ([^;]*)/.exec(header.value)?.[1]?.trim(), rule.source).toBe("'none'");
      }
    }
  });

  it("every page gets the CSP with frame-ancestors 'none' and X-Frame-Options DENY", () => {
    // Pages are `/` and every path the SPA fallback rewrites to index.html (page files such as
    // login.html are served at those paths too); scripts and API answers get no document headers.
    const fallbacks = (firebaseJson.hosting.rewrites as { source: string; destination?: string }[])
      .filter((rewrite) => rewrite.destination === "/index.html")
      .map((rewrite) => rewrite.source);
    expect(fallbacks.length).toBeGreaterThan(0);
    for (const source of ["/", ...fallbacks]) {
      const rule = rules.find((candidate) => candidate.source === source);
      const keys = Object.fromEntries((rule?.headers ?? []).map((header) => [header.key.toLowerCase(), header.value]));
      expect(keys["content-security-policy"], source).toContain("frame-ancestors 'none'");
      expect(keys["x-frame-options"], source).toBe("DENY");
    }
  });
});
