import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import type { ReceivedMail } from "../../emulators/src/sandboxes/mail/index.ts";
import { stackInfo } from "./stack-info.ts";

const mailUrl = () => {
  const url = stackInfo().sandboxes.mail;
  if (!url) throw new Error("The stack runs no mail sandbox");
  return url;
};

export const mailControl = () => sandboxControl(mailUrl());

/** What the mail sandbox received for one address (every mail, oldest first). */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailUrl()}/__control/messages?to=${encodeURIComponent(address.toLowerCase())}`);
  return ((await response.json()) as { messages: ReceivedMail[] }).messages;
}

/** Waits until the mail sandbox has `count` mails for the address (the portal sends in the request or by the job). */
export async function waitForMails(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`${mails.length} of ${count} mails to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Makes the sandbox refuse these recipients with 550 (all others again with []). */
export async function bounceAddresses(addresses: string[]): Promise<void> {
  const response = await fetch(`${mailUrl()}/__control/bounces`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ addresses }),
  });
  if (!response.ok) throw new Error(`PUT /__control/bounces -> ${response.status}`);
}

/** The first link of a mail's text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const found = mail.text.match(/https?:\/\/\S+/g)?.find((link) => link.startsWith(prefix));
  if (!found) throw new Error(`No link to ${prefix} in "${mail.subject}"`);
  return found;
}
