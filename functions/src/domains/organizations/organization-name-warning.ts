import { Timestamp } from "firebase-admin/firestore";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { newBatch } from "../../data/collection";
import { newMessage, notificationsCollection } from "../../data/notifications";
import { adminUserIds, readUser } from "../../data/users";

/** Words that do not tell organizations apart: "Fox River Bakery, Inc." is "Fox River Bakery". */
const LEGAL_WORDS = new Set([
  "the",
  "inc",
  "incorporated",
  "llc",
  "l",
  "c",
  "co",
  "corp",
  "corporation",
  "company",
  "ltd",
]);

/** An organization's name as people confuse it: letters and digits, lower case, without legal forms. */
export function organizationNameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !LEGAL_WORDS.has(word))
    .join(" ");
}

const WARNING = {
  en: {
    title: "Possible duplicate organization",
    body: (name: string, others: string) =>
      `A portal user created the organization "${name}", and its approver is that user. The CRM already has ${others}. Please check whether they are the same organization before its members act for it.`,
  },
  es: {
    title: "Posible organización duplicada",
    body: (name: string, others: string) =>
      `Un usuario del portal creó la organización "${name}" y es su aprobador. El CRM ya tiene ${others}. Compruebe si son la misma organización antes de que sus miembros actúen en su nombre.`,
  },
} as const;

/**
 * Issue 26, finding 4: any resident can create an organization and become its approver, so a
 * look-alike of a real business ("Fox River Bakery LLC") is one form away. When a new organization's
 * name matches another's (organizationNameKey), every city administrator gets an in-app message
 * naming both, with their CRM ids. Answers how many look-alikes were found.
 */
export async function warnAdminsOfLookalikes(created: { id: string; name: string }): Promise<number> {
  const key = organizationNameKey(created.name);
  if (!key) return 0;
  const candidates = await crmConnector().query<{ Id: string; Name: string }>(
    soql`SELECT Id, Name FROM Account WHERE Name LIKE ${`%${key.split(" ").join("%")}%`} LIMIT 50`,
  );
  const lookalikes = candidates.filter(
    (candidate) => candidate.Id !== created.id && organizationNameKey(candidate.Name) === key,
  );
  if (lookalikes.length === 0) return 0;
  const others = lookalikes.map((other) => `"${other.Name}" (${other.Id})`).join(", ");
  const name = `${created.name} (${created.id})`;
  const batch = newBatch();
  for (const uid of await adminUserIds()) {
    const warning = (await readUser(uid))?.Language === "es" ? WARNING.es : WARNING.en;
    batch.set(
      notificationsCollection().doc(),
      newMessage({ userId: uid, title: warning.title, body: warning.body(name, others), createdAt: Timestamp.now() }),
    );
  }
  await batch.commit();
  return lookalikes.length;
}
