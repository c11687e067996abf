import { createHash } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { CoreStoredPayment } from "../../functions/src/contract/payment-methods.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** The mobile app's hand-off to /add-stored-payment-mobile: a single-use code for the add-card frame. */

type Issued = { code: string; expiresAt: string; path: string };

async function issueCode(): Promise<Issued> {
  const resident = await principal("resident2");
  const answer = await callApi<Issued>("POST", "/api/core/payment-methods/mobile-code", { token: resident.idToken });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** As the page calls it: anonymous, only the code. */
const exchange = (code: string, english = true) =>
  callApi<{ iframeUrl: string }>("POST", "/api/core/payment-methods/mobile-iframe", { body: { code, english } });

describe("mobile add-card hand-off", () => {
  it("issues a 5-minute code whose only trace in Firestore is its hash", async () => {
    const before = Date.now();
    const issued = await issueCode();
    expect(issued.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(issued.path).toBe(`/add-stored-payment-mobile?code=${issued.code}`);
    const lifetime = Date.parse(issued.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(4 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const { db } = testAdmin();
    const stored = await db
      .collection("mobileCardCodes")
      .doc(createHash("sha256").update(issued.code).digest("hex"))
      .get();
    expect(stored.get("userId")).toBe(seededUser("resident2").uid);
    expect(JSON.stringify(stored.data())).not.toContain(issued.code);
  });

  it("trades a code once for the issuing user's add-card frame; the saved card is that user's", async () => {
    const uid = seededUser("resident2").uid;
    const resident = await principal("resident2");
    const { code } = await issueCode();
    const session = await exchange(code, false);
    expect(session.status).toBe(200);
    const frameUrl = new URL(session.body.iframeUrl);
    // The frame session is in the language asked for.
    expect((await (await fetch(frameUrl)).text()).includes('lang="es"')).toBe(true);
    const saved = await fetch(new URL("/core/v1/frames/submit", frameUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        token: frameUrl.searchParams.get("token"),
        cardNumber: TEST_CARDS.approves,
        expiry: "12/39",
        cvv: "123",
        postalCode: "60120",
        nameOnCard: "James O'Connor",
      }),
    });
    expect(saved.status).toBe(200);
    const { paymentMethodId } = (await saved.json()) as { paymentMethodId: string };
    const listed = await callApi<CoreStoredPayment[]>("GET", `/api/core/payment-methods?userId=${uid}`, {
      token: resident.idToken,
    });
    expect(listed.body.map((method) => method.id)).toContain(paymentMethodId);
    await callApi("DELETE", `/api/core/payment-methods/${paymentMethodId}/${uid}`, { token: resident.idToken });

    const again = await exchange(code);
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ error: { code: "rejected" } });
  });

  it("refuses an expired code, an unknown code and a malformed one", async () => {
    const { code } = await issueCode();
    const { db } = testAdmin();
    await db
      .collection("mobileCardCodes")
      .doc(createHash("sha256").update(code).digest("hex"))
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    expect((await exchange(code)).status).toBe(422);
    expect((await exchange("a".repeat(32))).status).toBe(422);
    expect((await exchange("not a code!")).status).toBe(400);
  });

  it("the page can't be framed and runs only the portal's own scripts (the payment-frame pages' policy)", async () => {
    const response = await fetch(`${stackInfo().portalUrl}/add-stored-payment-mobile`, { method: "HEAD" });
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(/frame-ancestors ([^;]*)/.exec(csp)?.[1]?.trim()).toBe("'none'");
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.trim()).toBe("'self'");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("10 concurrent exchanges of one code: exactly one frame session", async () => {
    const { code } = await issueCode();
    const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(code)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(422)]);
  });
});
