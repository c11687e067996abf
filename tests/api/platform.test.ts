import type { IncomingHttpHeaders } from "node:http";
import { get } from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { SEEDED_FLAGS } from "../../emulators/src/seed/seed-portal.ts";
import type { ApiErrorBody } from "../../functions/src/contract/errors.ts";
import { FEATURE_FLAGS } from "../../functions/src/contract/feature-flags.ts";
import { COMPRESS_MIN_BYTES } from "../../functions/src/platform/http/compress.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

describe("GET /api/auth", () => {
  it("answers 401 without a token, which the web turns into no user", async () => {
    const answer = await callApi("GET", "/api/auth");
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("answers 401 for a forged token", async () => {
    const answer = await callApi("GET", "/api/auth", { token: "not-a-real-token" });
    expect(answer.status).toBe(401);
  });

  it("returns the signed-in resident with their CRM id", async () => {
    const resident = await principal("resident");
    const answer = await callApi("GET", "/api/auth", { token: resident.idToken });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      Id: seededUser("resident").uid,
      Email: seededUser("resident").email,
      FirstName: "Maria",
      SalesforceId: seededUser("resident").salesforceId,
      Verified: true,
      Admin: false,
    });
  });

  it("reports Admin from the custom claim and Verified from the identity provider", async () => {
    const admin = await callApi("GET", "/api/auth", { token: (await principal("admin")).idToken });
    expect(admin.body).toMatchObject({ Admin: true, Verified: true });
    const unverified = await callApi("GET", "/api/auth", { token: (await principal("unverified")).idToken });
    expect(unverified.body).toMatchObject({ Verified: false, SalesforceId: null });
  });
});

describe("GET /api/featureflags", () => {
  it("lists every flag of spec 1 §3 with its stored state, for anonymous visitors too", async () => {
    const answer = await callApi<{ name: string; enabled: boolean }[]>("GET", "/api/featureflags");
    expect(answer.status).toBe(200);
    expect(answer.body.map((flag) => flag.name).sort()).toEqual([...FEATURE_FLAGS].sort());
    for (const flag of answer.body) expect(flag.enabled).toBe(SEEDED_FLAGS[flag.name as keyof typeof SEEDED_FLAGS]);
  });

  it("follows a stored change", async () => {
    const { db } = testAdmin();
    const ref = db.collection("featureFlags").doc("EnableLPI");
    const original = (await ref.get()).get("enabled") as boolean;
    await ref.set({ name: "EnableLPI", enabled: !original });
    try {
      // The function hears of a change made elsewhere through its Firestore listener, a moment later.
      const served = async () => {
        const answer = await callApi<{ name: string; enabled: boolean }[]>(
          "GET",
          `/api/featureflags?id=${seededUser("resident").uid}`,
        );
        return answer.body.find((flag) => flag.name === "EnableLPI")?.enabled;
      };
      await expect.poll(served).toBe(!original);
    } finally {
      await ref.set({ name: "EnableLPI", enabled: original });
    }
  });
});

describe("i18n", () => {
  it("lists English and Spanish", async () => {
    const answer = await callApi("GET", "/api/i18n/languages");
    expect(answer.body).toEqual([
      { i18nCode: "en", nativeName: "English", enName: "English" },
      { i18nCode: "es", nativeName: "Español", enName: "Spanish" },
    ]);
  });

  it("builds i18next JSON from the translations collection, plurals as _one/_other", async () => {
    // Saved through the admin route, which tells the texts' listener cache (data/translations.ts)
    // at once; a write straight to Firestore reaches it through the listener a moment later.
    const record = {
      Id: "es:Test.Apples",
      Language: "es",
      Group: "Test",
      LanguageKey: "Apples",
      SingularForm: "{{count}} manzana",
      PluralForm: "{{count}} manzanas",
    };
    const saved = await callApi("PUT", "/api/i18n", { token: (await principal("admin")).idToken, body: [record] });
    expect(saved.status).toBe(200);
    try {
      const answer = await callApi<Record<string, Record<string, string>>>("GET", "/api/i18n/processed/es/translation");
      expect(answer.status).toBe(200);
      expect(answer.body.Test).toEqual({ Apples_one: "{{count}} manzana", Apples_other: "{{count}} manzanas" });
      expect(answer.body.Auth?.InvalidEmail).toBeTruthy();
    } finally {
      await testAdmin().db.collection("translations").doc(record.Id).delete();
    }
  });

  it("refuses an unsupported language with 400", async () => {
    const answer = await callApi("GET", "/api/i18n/processed/fr/translation");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "bad_request", fields: { "params.lng": expect.any(String) } } });
  });
});

describe("a body the runtime cannot parse", () => {
  it("POST /api/signup with malformed JSON answers 400 with the JSON error shape, not an HTML page", async () => {
    const answer = await callApi<ApiErrorBody>("POST", "/api/signup", {
      token: (await principal("resident")).idToken,
      rawBody: '{"email":',
    });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      error: { code: "bad_request", message: expect.any(String), requestId: expect.any(String) },
    });
  });
});

describe("JSON answers compressed by the function", () => {
  /** The raw answer (not decoded, as fetch would) to a request that accepts `encoding`. */
  const raw = (path: string, encoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      get(`${stackInfo().portalUrl}${path}`, { headers: { "accept-encoding": encoding } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });

  it("gzips a large answer for a client that accepts gzip, and the decoded body is the plain one", async () => {
    const plain = await raw("/api/i18n/processed/en/translation", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const gzipped = await raw("/api/i18n/processed/en/translation", "gzip, deflate, br");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toContain("Accept-Encoding");
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
  });

  it("sends a small answer as it is", async () => {
    const small = await raw("/api/featureflags", "gzip");
    expect(small.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
