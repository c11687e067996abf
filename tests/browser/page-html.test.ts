import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { useBrowser } from "../kit/browser.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * The per-page HTML files (web/page-html.ts) as Hosting serves them: `cleanUrls` answers /login from
 * login.html, with the page's chunk preloaded, and the SPA still works from there.
 */
const dist = join(import.meta.dirname, "..", "..", "web", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<
  string,
  { file: string; isEntry?: boolean }
>;
const chunkOf = (source: string) => `/${manifest[source]?.file}`;
const entryScript = () => `/${Object.values(manifest).find((entry) => entry.isEntry)?.file}`;
const get = (path: string, init: RequestInit = {}) => fetch(`${stackInfo().portalUrl}${path}`, init);

describe("Hosting serves each page's own HTML", () => {
  it("a fixed path answers its page file: the page's chunk preloaded, the document headers on", async () => {
    for (const [path, source] of [
      ["/login", "src/app/routes/login.tsx"],
      ["/activity/start", "src/app/routes/activity-start.tsx"],
      ["/payment", "src/app/routes/payment.tsx"],
      ["/dashboard", "src/app/routes/dashboard.tsx"],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      const html = await answer.text();
      expect(html, path).toContain(`<link rel="modulepreload" crossorigin href="${chunkOf(source)}">`);
      expect(html, path).toContain(`src="${entryScript()}"`);
      expect(answer.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("cache-control"), path).toBe("no-cache");
    }
  });

  it("paths with a parameter, and folders of page files, still get the SPA's index.html", async () => {
    const index = readFileSync(join(dist, "index.html"), "utf8");
    // /account/create is a redirect row and also the folder of account/create/address.html.
    for (const path of ["/knowledgebase/some-article", "/dashboard/a0B000000000001", "/account/create", "/"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(await answer.text(), path).toBe(index);
      expect(answer.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("a page file's own name redirects to its clean path", async () => {
    const answer = await get("/login.html", { redirect: "manual" });
    expect([301, 302]).toContain(answer.status);
    expect(new URL(answer.headers.get("location") ?? "", stackInfo().portalUrl).pathname).toBe("/login");
  });

  it("a script has nosniff but no page headers; a missing script or file is a 404, not the SPA", async () => {
    const script = await get(entryScript());
    expect(script.status).toBe(200);
    expect(script.headers.get("x-content-type-options")).toBe("nosniff");
    expect(script.headers.get("content-security-policy")).toBeNull();
    expect(script.headers.get("x-frame-options")).toBeNull();
    expect(script.headers.get("cache-control")).toContain("immutable");
    for (const path of ["/assets/no-such-chunk-0000.js", "/no-such-file.php"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain(entryScript());
    }
  });
});

describe("a page opened from its own HTML file", () => {
  const browser = useBrowser();

  it("renders, loads its chunk once, and navigates inside the SPA without reloading", async () => {
    const { page, url } = browser;
    const loginChunk = chunkOf("src/app/routes/login.tsx");
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto(url("/login"));
    await page.getByRole("heading", { level: 1, name: en.Pages.Login }).waitFor();
    expect(requested.filter((path) => path === loginChunk)).toHaveLength(1);

    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole("link", { name: en.Auth.Login.CreateAccount }).click();
    await page.getByRole("heading", { level: 1, name: en.Pages.Signup }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/signup");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // A nested page file (activity/start.html) runs the SPA too: a guest is sent on to log in.
    await page.goto(url("/activity/start?activityId=svc-block-party"));
    await expect
      .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`, { timeout: 20_000 })
      .toBe("/login?activityId=svc-block-party");
    expect(errors).toEqual([]);
  });
});
