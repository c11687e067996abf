import type { OrganizationMember } from "@contract/organization-members";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { useOrganizationMemberChanges } from "@/features/organizations/api/change-organization-member";
import { useOrganizationMembers } from "@/features/organizations/api/get-organization-members";
import { useSentInvitations } from "@/features/organizations/api/organization-invitations";
import { InviteForm } from "@/features/organizations/components/invite-form";
import { useAuth } from "@/lib/auth/auth-state";
import { formatDate } from "@/utils/format";
import "@/features/organizations/organizations.css";

const fullName = (member: OrganizationMember) => `${member.FirstName} ${member.LastName}`.trim();

/** /organization_management (spec 2 §2): the selected organization's members; approvers change them. */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const organizationId = auth.selectedOrganization;
  const myId = auth.authUser?.Id ?? "";
  const members = useOrganizationMembers(organizationId);
  const { verify, remove } = useOrganizationMemberChanges(organizationId);
  const { showWarning, showError } = useModals();
  const toasts = useToasts();
  const title = t("Pages.OrganizationManagement");
  const isApprover = members.data?.some((member) => member.UserId === myId && member.Role === "approver") ?? false;
  const invitations = useSentInvitations(organizationId, isApprover);
  const pending = members.data?.filter((member) => !member.Verified) ?? [];
  const approved = members.data?.filter((member) => member.Verified) ?? [];

  const approve = (member: OrganizationMember) =>
    verify.mutate(
      { userId: member.UserId, organizationId },
      {
        onSuccess: () => toasts.show("successUpdate", t("Organization.MemberApproved", { name: fullName(member) })),
        onError: () => {
          toasts.show("errorUpdate");
          showError(t("Organization.CouldNotVerifyOrganizationMemberError"));
        },
      },
    );
  const removeMember = async (member: OrganizationMember, kind: "deny" | "remove") => {
    const confirmed = await showWarning({
      title: t(kind === "deny" ? "Organization.DenyTitle" : "Organization.RemoveTitle"),
      body: t("Organization.RemoveConfirm", { name: fullName(member) }),
      confirmLabel: t(kind === "deny" ? "Organization.Deny" : "Organization.Remove"),
      cancelLabel: t("Modal.Cancel"),
    });
    if (!confirmed) return;
    remove.mutate(
      { userId: member.UserId, organizationId },
      {
        onSuccess: () => toasts.show("successRemove", t("Organization.MemberRemoved", { name: fullName(member) })),
        onError: () => {
          toasts.show("errorRemove");
          showError(t("Organization.CouldNotRemoveOrganizationMemberError"));
        },
      },
    );
  };

  const row = (member: OrganizationMember, actions: React.ReactNode) => (
    <li key={member.UserId} className="member-list__item">
      <span>
        {fullName(member)}
        {member.Role === "approver" && ` (${t("Organization.Approver")})`}
        {member.UserId === myId && ` (${t("Organization.You")})`}
      </span>
      {isApprover && member.UserId !== myId && actions}
    </li>
  );

  return (
    <div className="organization-management">
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {members.isPending && <p role="status">{t("DashboardHome.Loading")}</p>}
      {members.isError && (
        <p role="alert" className="error-text">
          {t("Organization.LoadOrganizationMembersError")}
        </p>
      )}
      {members.data && (
        <>
          <h2>{t("Organization.PendingMembers")}</h2>
          {pending.length === 0 ? (
            <p>{t("Organization.NoPendingMembers")}</p>
          ) : (
            <ul className="member-list">
              {pending.map((member) =>
                row(
                  member,
                  <span className="member-list__actions">
                    <button type="button" className="button button--primary" onClick={() => approve(member)}>
                      {t("Organization.ApproveMember", { name: fullName(member) })}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void removeMember(member, "deny")}
                    >
                      {t("Organization.DenyMember", { name: fullName(member) })}
                    </button>
                  </span>,
                ),
              )}
            </ul>
          )}
          <h2>{t("Organization.ApprovedMembers")}</h2>
          <ul className="member-list">
            {approved.map((member) =>
              row(
                member,
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void removeMember(member, "remove")}
                >
                  {t("Organization.RemoveMember", { name: fullName(member) })}
                </button>,
              ),
            )}
          </ul>
          {isApprover && (
            <>
              <h2>{t("Organization.SentInvitationsHeading")}</h2>
              {invitations.isError ? (
                <p role="alert" className="error-text">
                  {t("Organization.LoadInvitationsError")}
                </p>
              ) : invitations.data && invitations.data.length === 0 ? (
                <p>{t("Organization.NoSentInvitations")}</p>
              ) : (
                <ul className="member-list">
                  {(invitations.data ?? []).map((invitation) => (
                    <li key={invitation.id} className="member-list__item">
                      <span>
                        {invitation.invitedAt
                          ? t("Organization.InvitedOn", {
                              email: invitation.Email,
                              date: formatDate(invitation.invitedAt),
                            })
                          : invitation.Email}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <h2>{t("Organization.InviteHeading")}</h2>
              <InviteForm organizationId={organizationId} />
            </>
          )}
        </>
      )}
    </div>
  );
}
