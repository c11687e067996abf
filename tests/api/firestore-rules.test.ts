import { deleteApp, initializeApp } from "firebase/app";
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from "firebase/auth";
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setDoc, terminate } from "firebase/firestore";
import { afterAll, describe, expect, it } from "vitest";
import { SEED_PASSWORD, seededUser } from "../../emulators/src/seed/fixtures.ts";
import { testAdmin } from "../kit/admin.ts";
import { PROJECT_ID, stackInfo } from "../kit/stack-info.ts";

// firestore.rules, as the stack's Cloud Firestore emulator enforces them (the launcher starts it
// with --rules): no browser reads or writes anything; only the functions (firebase-admin) do.

const resident = seededUser("resident");
const documentsUrl = () =>
  `http://127.0.0.1:${stackInfo().ports.firestore}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;

/** The web app's Firebase SDK, signed in as the seeded resident, on the stack's emulators. */
async function signedInBrowserSdk() {
  const { ports } = stackInfo();
  const app = initializeApp({ apiKey: "demo-api-key", projectId: PROJECT_ID }, `rules-${Date.now()}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://127.0.0.1:${ports.auth}`, { disableWarnings: true });
  await signInWithEmailAndPassword(auth, resident.email, SEED_PASSWORD);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, "127.0.0.1", ports.firestore);
  return { app, db };
}

let browser: Awaited<ReturnType<typeof signedInBrowserSdk>> | undefined;

afterAll(async () => {
  if (browser) {
    await terminate(browser.db);
    await deleteApp(browser.app);
  }
});

describe("Firestore rules: deny-all for browsers", () => {
  it("the client SDK, signed in, can neither read its own user document nor write anything", async () => {
    browser = await signedInBrowserSdk();
    await expect(getDoc(doc(browser.db, "users", resident.uid))).rejects.toMatchObject({ code: "permission-denied" });
    await expect(setDoc(doc(browser.db, "rulesProbe", "from-browser"), { at: 1 })).rejects.toMatchObject({
      code: "permission-denied",
    });
    expect((await testAdmin().db.collection("rulesProbe").doc("from-browser").get()).exists).toBe(false);
  });

  it("REST without admin credentials is refused: no read, no listing, no write", async () => {
    const read = await fetch(`${documentsUrl()}/users/${resident.uid}`);
    expect(read.status).toBe(403);
    const list = await fetch(`${documentsUrl()}/users`);
    expect(list.status).toBe(403);
    const write = await fetch(`${documentsUrl()}/rulesProbe/from-rest`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fields: { at: { integerValue: "1" } } }),
    });
    expect(write.status).toBe(403);
    expect((await write.json()).error.status).toBe("PERMISSION_DENIED");
  });

  it("admin credentials (the emulator's owner token, as firebase-admin sends) read what the rules refuse", async () => {
    const read = await fetch(`${documentsUrl()}/users/${resident.uid}`, { headers: { authorization: "Bearer owner" } });
    expect(read.status).toBe(200);
    expect((await read.json()).name).toMatch(new RegExp(`/users/${resident.uid}$`));
  });
});
