import { randomUUID } from "node:crypto";
import { crmSandbox } from "../../emulators/src/sandboxes/crm/index.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { crmConfigFromEnv } from "../../functions/src/connectors/crm/config";
import { JsforceCrmConnector } from "../../functions/src/connectors/crm/jsforce-crm-connector";
import { testAdmin } from "./admin.ts";
import { PROJECT_ID, postPasswordAccount, stackInfo } from "./stack-info.ts";

/** An email nobody has used yet in this stack. */
export const freshEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;

/**
 * A verified user who has not created their account yet (no CRM id), as the guards see them.
 * Its uid is pushed to `created` for the file's cleanup.
 */
export async function freshVerifiedUser(
  label: string,
  { password, created }: { password: string; created: string[] },
): Promise<{ uid: string; email: string }> {
  const { auth, db } = testAdmin();
  const email = freshEmail(label);
  const user = await auth.createUser({ email, password, emailVerified: true });
  created.push(user.uid);
  await db.collection("users").doc(user.uid).set({ Id: user.uid, Email: email, SalesforceId: null, Language: "en" });
  return { uid: user.uid, email };
}

/** A new identity account through the Auth emulator's REST API, as the browser SDK creates one. */
export async function createIdentityUser(email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const { body } = await postPasswordAccount("signUp", email, password);
  if (!body.localId || !body.idToken) throw new Error(`signUp of ${email} failed: ${body.error?.message}`);
  return { uid: body.localId, idToken: body.idToken };
}

export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: "VERIFY_EMAIL" | "PASSWORD_RESET" | string;
}

/** Every email action the Auth emulator has "sent" (verification, password reset). */
export async function sentOobCodes(): Promise<OobCode[]> {
  const { ports } = stackInfo();
  const response = await fetch(`http://127.0.0.1:${ports.auth}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return body.oobCodes ?? [];
}

/** The newest email action of a kind for an address, waiting briefly for it to arrive. */
export async function latestOobCode(email: string, requestType: string, timeoutMs = 10_000): Promise<OobCode> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const codes = (await sentOobCodes()).filter(
      (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === requestType,
    );
    const last = codes.at(-1);
    if (last) return last;
    if (Date.now() > until) throw new Error(`No ${requestType} email for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The test stack's CRM, through the same connector the functions use. */
export function stackCrm(): JsforceCrmConnector {
  const url = stackInfo().sandboxes.crm;
  if (!url) throw new Error("The stack has no CRM sandbox");
  return new JsforceCrmConnector(crmConfigFromEnv({ ...crmSandbox.env(url) } as NodeJS.ProcessEnv));
}

/** A seeded CRM contact that has no portal account (the "already known to the city" case). */
export function crmOnlyContactEmail(offset = 0): string {
  const contacts = city().contacts.filter((contact) => !contact.Portal_User_Id__c && !contact.Is_City_Staff__c);
  const contact = contacts[offset];
  if (!contact) throw new Error("The seeded city has no CRM-only contact");
  return contact.Email;
}

/**
 * An ID token as the Auth emulator issues them (unsigned), with an older auth_time, and the
 * user's sessions valid since before it, as for someone who signed in ten minutes ago.
 */
export async function tokenSignedInMinutesAgo(uid: string, idToken: string, minutes: number): Promise<string> {
  const { ports } = stackInfo();
  const now = Math.floor(Date.now() / 1000);
  const update = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ localId: uid, validSince: String(now - minutes * 60 - 60) }),
    },
  );
  if (update.status !== 200) throw new Error(`The Auth emulator refused validSince: ${update.status}`);
  const [header, payload] = idToken.split(".");
  const claims = JSON.parse(Buffer.from(payload as string, "base64url").toString("utf8"));
  claims.auth_time = now - minutes * 60;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.`;
}
