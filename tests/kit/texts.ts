import { Timestamp } from "firebase-admin/firestore";
import type { RecordedSms } from "../../emulators/src/sandboxes/sms/index.ts";
import { testAdmin } from "./admin.ts";
import { stackInfo } from "./stack-info.ts";

const smsUrl = () => {
  const url = stackInfo().sandboxes.sms;
  if (!url) throw new Error("The stack runs no text message sandbox");
  return url;
};

/** What the text message sandbox recorded for one number, both ways (oldest first). */
export async function textsTo(phone: string): Promise<RecordedSms[]> {
  const answer = await fetch(`${smsUrl()}/__control/messages?to=${encodeURIComponent(phone)}`);
  return ((await answer.json()) as { messages: RecordedSms[] }).messages;
}

/**
 * Gives a seeded person a confirmed text number (as if she had confirmed it by code: that journey is
 * browser/text-messages'), not opted out. Answers what puts her number back as it was.
 */
export async function withConfirmedTextPhone(uid: string, phone: string): Promise<() => Promise<void>> {
  const { db } = testAdmin();
  const user = db.collection("users").doc(uid);
  const before = (await user.get()).data() ?? {};
  await user.update({ textPhone: phone, textPhoneConfirmedAt: Timestamp.now() });
  await db.collection("smsOptOuts").doc(phone).delete();
  return async () => {
    await user.update({
      textPhone: before.textPhone ?? null,
      textPhoneConfirmedAt: before.textPhoneConfirmedAt ?? null,
    });
  };
}

/**
 * A person texts the city's number: the sandbox posts it, signed as Twilio does, to the portal's
 * inbound webhook. Answers the webhook's status and the city's replies.
 */
export async function textTheCity(from: string, body: string): Promise<{ webhookStatus: number; replies: string[] }> {
  const answer = await fetch(`${smsUrl()}/__control/inbound`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ from, body }),
  });
  return (await answer.json()) as { webhookStatus: number; replies: string[] };
}
