import type { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { mailConnector } from "../../connectors/mail/connection";
import type { AcceptedInvitation, ReceivedInvitation, SentInvitation } from "../../contract/organization-members";
import {
  closeInvitation,
  invitationsFor,
  invitationsOfOrganization,
  readOpenInvitation,
  recordInvitation,
} from "../../data/org-invitations";
import { joinOrganization, verifyMembership } from "../../data/org-members";
import { readUser } from "../../data/users";
import { adminAuth } from "../../platform/firebase";
import { notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import { portalOrigin } from "../../platform/portal-url";
import { deliverQueuedMessage, prepareMessage, queueMessageIn } from "../messages/message.service";
import type { OutboxKind } from "../outbox/outbox-runner";

/**
 * Outbox kind of the invitation emails written before the message service existed (issue 29): each
 * entry carries its finished mail (`mail`: to, subject, text in both languages); the outbox job
 * sends those through the mail relay. New invitations are messages ("organizationInvitation").
 */
export const INVITATION_EMAIL_KIND = "organizationInvitationEmail";

const ZWaitingInvitationEmail = z.object({
  mail: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
  providerId: z.string().nullish(),
});
type WaitingInvitationEmail = z.output<typeof ZWaitingInvitationEmail>;

export const waitingInvitationEmailOutbox: OutboxKind<WaitingInvitationEmail> = {
  kind: INVITATION_EMAIL_KIND,
  schema: ZWaitingInvitationEmail,
  maxAttempts: 20,
  deliver: async (entry, context) => {
    const accepted = await mailConnector().send({
      to: entry.mail.to,
      subject: entry.mail.subject,
      text: entry.mail.text,
      html: entry.mail.text
        .split("\n")
        .map((line) => `<p>${line.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
        .join(""),
      messageId: context.id,
      language: "en, es",
    });
    return { providerId: accepted.messageId };
  },
  alreadyDelivered: async () => null,
};

/** Where the invitee answers: the "Add an organization" page, after signing in (or up). */
const ANSWER_PATH = "/add_organization";

/** The in-app message of a person who has an account, in their language. */
const INVITATION_MESSAGE = {
  en: {
    title: (organization: string) => `Invitation to join ${organization}`,
    body: (organization: string) =>
      `${organization} invited you to act for it on the City portal. Open "Add an organization" in the account menu to accept or decline. You become a member only if you accept.`,
  },
  es: {
    title: (organization: string) => `Invitación para unirse a ${organization}`,
    body: (organization: string) =>
      `${organization} lo invitó a actuar en su nombre en el portal de la Ciudad. Abra "Agregar una organización" en el menú de su cuenta para aceptar o rechazar. Solo será miembro si acepta.`,
  },
} as const;

/** The uid of the portal account with this email, or null. */
async function accountWithEmail(email: string): Promise<string | null> {
  try {
    return (await adminAuth().getUserByEmail(email)).uid;
  } catch (error) {
    if ((error as { code?: string })?.code === "auth/user-not-found") return null;
    throw error;
  }
}

/**
 * An approver invites a person by email (issue 26, finding 4). Whoever the email belongs to, the
 * same happens and the approver is told the same: a pending invitation is recorded with its email
 * (the message service: written with the invitation, sent at once or by the job), and a person who
 * has an account also gets an in-app message in their language. Nobody is added.
 */
export async function inviteByEmail(input: {
  organizationId: string;
  organizationName: string | null;
  email: string;
  invitedBy: string;
}): Promise<void> {
  const email = input.email.toLowerCase();
  const organizationName = input.organizationName ?? "your organization";
  const invitee = await accountWithEmail(email);
  // Someone without an account has told the city no language: the email says it in both.
  const language = invitee ? ((await readUser(invitee))?.Language === "es" ? "es" : "en") : "en,es";
  const link = `${portalOrigin()}${ANSWER_PATH}`;
  const mail = await prepareMessage(
    { uid: invitee, email, language },
    "organizationInvitation",
    { organizationName, email, link },
    "email",
  );
  const inApp = invitee
    ? await prepareMessage(
        { uid: invitee, language },
        "notice",
        {
          en: {
            title: INVITATION_MESSAGE.en.title(organizationName),
            body: INVITATION_MESSAGE.en.body(organizationName),
          },
          es: {
            title: INVITATION_MESSAGE.es.title(organizationName),
            body: INVITATION_MESSAGE.es.body(organizationName),
          },
        },
        "inApp",
      )
    : null;
  await recordInvitation(
    {
      organizationId: input.organizationId,
      OrganizationName: input.organizationName,
      Email: email,
      InvitedBy: input.invitedBy,
    },
    (batch) => {
      queueMessageIn(batch, mail);
      if (inApp) queueMessageIn(batch, inApp);
    },
  );
  // Sent now, whatever the mail server answers: a message it did not take waits for the job.
  for (const message of [inApp, mail]) if (message) await deliverQueuedMessage(message.id);
}

const iso = (value: Timestamp | null) => (value ? value.toDate().toISOString() : null);

/** The invitations waiting for the caller's answer: those sent to their verified email. */
export async function invitationsOfCaller(caller: Principal): Promise<ReceivedInvitation[]> {
  if (!caller.email || !caller.emailVerified) return [];
  return (await invitationsFor(caller.email)).map(({ id, data }) => ({
    id,
    organizationId: String(data.organizationId),
    OrganizationName: data.OrganizationName ?? String(data.organizationId),
    invitedAt: iso(data.createdAt),
  }));
}

/** The organization's invitations nobody has answered yet, for its approvers. */
export async function pendingInvitationsOf(organizationId: string): Promise<SentInvitation[]> {
  return (await invitationsOfOrganization(organizationId)).map(({ id, data }) => ({
    id,
    Email: String(data.Email),
    invitedAt: iso(data.createdAt),
    expiresAt: iso(data.expiresAt),
  }));
}

/** The caller's own open invitation, or 404 like a missing one (another person's is never theirs). */
async function ownInvitation(caller: Principal, id: string) {
  const invitation = await readOpenInvitation(id);
  const email = caller.emailVerified ? caller.email?.toLowerCase() : undefined;
  if (!invitation || !email || invitation.Email !== email) throw notFound("No such invitation.");
  return invitation;
}

/** The invitee accepts: they become an approved member (the approver asked them), and the invitation closes. */
export async function acceptInvitation(caller: Principal, id: string): Promise<AcceptedInvitation> {
  const invitation = await ownInvitation(caller, id);
  const organizationId = String(invitation.organizationId);
  const profile = await readUser(caller.uid);
  const { membership, created } = await joinOrganization({
    organizationId,
    OrganizationName: invitation.OrganizationName,
    UserId: caller.uid,
    FirstName: profile?.FirstName ?? "",
    LastName: profile?.LastName ?? "",
    Role: "member",
    Verified: true,
  });
  // A request to join that was waiting for the approver is answered by the invitation too.
  if (!created && !membership.Verified) await verifyMembership(organizationId, caller.uid);
  await closeInvitation(id);
  return { organizationId, OrganizationName: invitation.OrganizationName ?? organizationId };
}

/** The invitee declines: the invitation closes and nothing else changes. */
export async function declineInvitation(caller: Principal, id: string): Promise<void> {
  await ownInvitation(caller, id);
  await closeInvitation(id);
}
