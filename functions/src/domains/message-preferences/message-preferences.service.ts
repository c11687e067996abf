import { randomInt } from "node:crypto";
import { cityTextNumber } from "../../connectors/sms/config";
import {
  DEFAULT_MESSAGE_PREFERENCES,
  MESSAGE_TOPICS,
  type MessagePreferences,
  type MessagePreferencesInput,
  type MessageTopic,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_MISSES,
  PHONE_CODE_TTL_MINUTES,
  type TopicChannels,
} from "../../contract/message-preferences";
import {
  confirmPhoneCode,
  deletePhoneConfirmation,
  readPhoneConfirmation,
  startPhoneConfirmation,
} from "../../data/phone-confirmations";
import { isSmsOptedOut, optedOutNumbers } from "../../data/sms-opt-outs";
import { mergeUser, readUser, type UserDoc } from "../../data/users";
import { ApiError, badRequest } from "../../platform/http/api-error";
import { sendMessage } from "../messages/message.service";

/** A user's channels per topic: what she chose, else the defaults; texts only with a confirmed number. */
export function topicsOf(data: Pick<UserDoc, "messagePrefs" | "textPhone"> | undefined): MessagePreferencesInput {
  const stored = data?.messagePrefs ?? null;
  const topics = {} as MessagePreferencesInput;
  for (const topic of MESSAGE_TOPICS) {
    const channels: TopicChannels = stored ? { ...stored[topic] } : { ...DEFAULT_MESSAGE_PREFERENCES[topic] };
    if (!data?.textPhone) channels.text = false;
    topics[topic] = channels;
  }
  return topics;
}

/** The account page's view of a user's message preferences. */
export async function messagePreferencesOf(uid: string): Promise<MessagePreferences> {
  const [data, pending] = await Promise.all([readUser(uid), readPhoneConfirmation(uid)]);
  const phone = data?.textPhone ?? null;
  return {
    topics: topicsOf(data),
    phone,
    pendingPhone:
      pending?.phone && pending.expiresAt && pending.expiresAt.toMillis() > Date.now() ? pending.phone : null,
    textsStopped: phone ? await isSmsOptedOut(phone) : false,
    cityTextNumber: cityTextNumber(),
  };
}

/**
 * The billing system's "Shut-off warning" (spec 1 §2.5, `GET /api/users/notification-prefs/:id`) is
 * not stored on its own: it is read from the one choice for "Bills and shut-off notices"
 * (`messagePrefs.bills`): on when any channel is chosen, an explicit opt-out when none is, and
 * neither while she has never chosen (the default channels then apply). One source, so the two
 * can never disagree (issue 29).
 */
export function shutoffWarningOf(data: UserDoc | undefined): { enabled: boolean; optedOut: boolean } {
  if (!data?.messagePrefs) return { enabled: false, optedOut: false };
  const bills = topicsOf(data).bills;
  const enabled = bills.inApp || bills.email || bills.text;
  return { enabled, optedOut: !enabled };
}

/**
 * The billing toggle `POST /api/users/notification-prefs/:id/shutoffWarning`, through the message
 * preferences: off is no channel for bills; on keeps the channels she chose for bills, or gives the
 * default ones (in-app and email) when she had none.
 */
export async function switchShutoffWarning(uid: string, enabled: boolean): Promise<void> {
  const data = await readUser(uid);
  const topics = topicsOf(data);
  const { bills } = topics;
  const chosen = bills.inApp || bills.email || bills.text;
  if (!enabled) topics.bills = { inApp: false, email: false, text: false };
  else if (!chosen) topics.bills = { ...DEFAULT_MESSAGE_PREFERENCES.bills };
  await mergeUser(uid, { messagePrefs: topics });
}

/** Saves the channels; texts may be chosen only once a number is confirmed (409 otherwise). */
export async function saveMessagePreferences(uid: string, input: MessagePreferencesInput): Promise<MessagePreferences> {
  const data = await readUser(uid);
  const wantsTexts = MESSAGE_TOPICS.find((topic) => input[topic].text);
  if (wantsTexts && !data?.textPhone) {
    throw badRequest("Confirm a phone number before choosing text messages.", {
      [`body.${wantsTexts}.text`]: "PhoneNotConfirmed",
    });
  }
  await mergeUser(uid, { messagePrefs: input });
  return messagePreferencesOf(uid);
}

/**
 * Texts a one-time code to a number the user wants to confirm (a new code voids the last), through the
 * message service at once. A number that texted STOP gets nothing: it must text START first. When the
 * provider refuses the number the code is void (422); when it is down the code waits in the outbox and
 * goes out when it answers (`codeStatus` "queued").
 */
export async function sendPhoneCode(uid: string, phone: string): Promise<MessagePreferences> {
  if (await isSmsOptedOut(phone)) {
    throw badRequest("This number has stopped texts from the city. Text START to the city's number first.", {
      "body.phone": "TextsStopped",
    });
  }
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
  await startPhoneConfirmation(uid, phone, code, PHONE_CODE_TTL_MINUTES * 60_000);
  const sent = await sendMessage({ uid, phone }, "phoneCode", { code, minutes: PHONE_CODE_TTL_MINUTES }, "sms", {
    deliverNow: true,
  });
  if (sent.status === "failed" || sent.status === "opted_out" || sent.status === "bounced") {
    await deletePhoneConfirmation(uid);
    throw new ApiError("rejected", "The text message service could not send to this number.");
  }
  return { ...(await messagePreferencesOf(uid)), codeStatus: sent.status === "queued" ? "queued" : "sent" };
}

/** Checks the code: right, the number is confirmed; wrong, a 400 that counts against the throttle and the code. */
export async function confirmPhone(uid: string, code: string): Promise<MessagePreferences> {
  const { outcome } = await confirmPhoneCode(uid, code, PHONE_CODE_MAX_MISSES);
  if (outcome === "none" || outcome === "expired") {
    throw badRequest("This code has expired or was tried too often. Ask for a new one.", {
      "body.code": "CodeExpired",
    });
  }
  if (outcome === "wrong") throw badRequest("That code is not right.", { "body.code": "CodeWrong" });
  return messagePreferencesOf(uid);
}

/** Forgets the user's number: no texts go anywhere until she confirms one again. */
export async function removePhone(uid: string): Promise<MessagePreferences> {
  const data = await readUser(uid);
  const topics = topicsOf(data);
  for (const topic of MESSAGE_TOPICS) topics[topic].text = false;
  await mergeUser(uid, { textPhone: null, textPhoneConfirmedAt: null, messagePrefs: topics });
  await deletePhoneConfirmation(uid);
  return messagePreferencesOf(uid);
}

/** Where some users get one topic's messages: their channels, and the number a text may go to (or null). */
export async function recipientsOf(
  users: { uid: string; data: UserDoc | undefined }[],
  topic: MessageTopic,
): Promise<Map<string, { channels: TopicChannels; textPhone: string | null }>> {
  const stopped = await optedOutNumbers(users.map(({ data }) => data?.textPhone ?? ""));
  const result = new Map<string, { channels: TopicChannels; textPhone: string | null }>();
  for (const { uid, data } of users) {
    const channels = topicsOf(data)[topic];
    const phone = data?.textPhone ?? null;
    result.set(uid, { channels, textPhone: channels.text && phone && !stopped.has(phone) ? phone : null });
  }
  return result;
}
