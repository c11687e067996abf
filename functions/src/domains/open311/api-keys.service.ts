import { randomBytes } from "node:crypto";
import type { Open311KeyCreate, Open311KeyCreated, Open311KeySummary } from "../../contract/open311-keys";
import { instant } from "../../data/fields";
import {
  createOpen311Key,
  listOpen311Keys,
  type Open311KeyDoc,
  open311KeyId,
  readOpen311Key,
  revokeOpen311Key,
} from "../../data/open311-keys";
import { forbidden, notFound } from "../../platform/http/api-error";
import type { FilingApp } from "../reports/reports.service";

/** The app a request's api_key belongs to, with its hourly limit; 403 for a missing, unknown or revoked key. */
export async function appOfKey(key: string | undefined): Promise<FilingApp & { limitPerHour: number }> {
  if (!key) throw forbidden("api_key is required.");
  const keyId = open311KeyId(key);
  const stored = await readOpen311Key(keyId);
  if (!stored || stored.revokedAt) throw forbidden("api_key is not valid.");
  return { keyId, name: stored.name ?? "Open311 app", limitPerHour: stored.limitPerHour };
}

const summaryOf = (id: string, doc: Open311KeyDoc): Open311KeySummary => ({
  id,
  name: doc.name ?? "",
  limitPerHour: doc.limitPerHour,
  prefix: doc.prefix ?? "",
  createdAt: instant(doc.createdAt),
  revokedAt: instant(doc.revokedAt),
});

/** A new key for an app: 32 random bytes, shown once; only its hash is stored. */
export async function createKey(input: Open311KeyCreate, adminUid: string): Promise<Open311KeyCreated> {
  const key = `o311_${randomBytes(32).toString("base64url")}`;
  const id = open311KeyId(key);
  const stored = await createOpen311Key(id, {
    name: input.name,
    limitPerHour: input.limitPerHour,
    prefix: key.slice(0, 9),
    createdBy: adminUid,
  });
  return { ...summaryOf(id, { ...stored, revokedAt: null, revokedBy: null }), key };
}

export async function listKeys(): Promise<Open311KeySummary[]> {
  return (await listOpen311Keys()).map(({ id, data }) => summaryOf(id, data));
}

/** Revokes a key at once: its next request is refused (403). */
export async function revokeKey(id: string, adminUid: string): Promise<void> {
  if (!(await revokeOpen311Key(id, adminUid))) throw notFound("No such key.");
}
