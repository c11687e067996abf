import type { ReceivedInvitation } from "@contract/organization-members";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useInvitationAnswers, useReceivedInvitations } from "@/features/organizations/api/organization-invitations";
import { formatDate } from "@/utils/format";

/**
 * The invitations to join organizations waiting for the signed-in person's answer (issue 26,
 * finding 4): nobody becomes a member without accepting here. Nothing shows when there are none.
 */
export function ReceivedInvitations({ onAccepted }: { onAccepted: (organizationName: string) => Promise<void> }) {
  const { t } = useTranslation();
  const invitations = useReceivedInvitations();
  const { accept, decline } = useInvitationAnswers();
  // Kept on the page (a toast fades): what the last answer did, or that it failed.
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const answer = async (invitation: ReceivedInvitation, choice: "accept" | "decline") => {
    const name = invitation.OrganizationName;
    setOutcome(null);
    try {
      if (choice === "accept") {
        await accept.mutateAsync(invitation.id);
        setOutcome({ text: t("Organization.InvitationAccepted", { name }), failed: false });
        await onAccepted(name);
      } else {
        await decline.mutateAsync(invitation.id);
        setOutcome({ text: t("Organization.InvitationDeclined", { name }), failed: false });
      }
    } catch {
      setOutcome({ text: t("Organization.InvitationAnswerFailed"), failed: true });
    }
  };
  const busy = accept.isPending || decline.isPending;
  const status = (
    <p role={outcome?.failed ? "alert" : "status"} className="invitation-outcome">
      {outcome?.text ?? ""}
    </p>
  );
  if (!invitations.data || invitations.data.length === 0) return status;

  return (
    <section className="received-invitations" aria-labelledby="received-invitations-title">
      <h2 id="received-invitations-title">{t("Organization.InvitationsHeading")}</h2>
      <ul className="member-list">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="member-list__item">
            <span>
              {invitation.invitedAt
                ? t("Organization.InvitationFromOn", {
                    name: invitation.OrganizationName,
                    date: formatDate(invitation.invitedAt),
                  })
                : t("Organization.InvitationFrom", { name: invitation.OrganizationName })}
            </span>
            <span className="member-list__actions">
              <button
                type="button"
                className="button button--primary"
                disabled={busy}
                onClick={() => void answer(invitation, "accept")}
              >
                {t("Organization.AcceptInvitation", { name: invitation.OrganizationName })}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => void answer(invitation, "decline")}
              >
                {t("Organization.DeclineInvitation", { name: invitation.OrganizationName })}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {status}
    </section>
  );
}
