import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { BusinessInformationForm } from "@/features/account/components/business-information-form";
import { ReceivedInvitations } from "@/features/organizations/components/received-invitations";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/account/components/account.css";

/**
 * /add_organization (spec 2): add or join organizations after sign-up, with the wizard's step-3
 * form. New organizations are the user's at once (approver); joining an existing one waits for
 * its approver. Invitations waiting for the user's answer come first.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { reloadUser } = useAuth();
  const title = t("Pages.AddOrganization");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {/* Invitations from organizations' approvers: joining by one needs the person's yes. */}
      <ReceivedInvitations onAccepted={reloadUser} />
      <BusinessInformationForm
        purpose="addOrganization"
        onFinished={async (organizations) => {
          const waiting = organizations.filter((organization) => !organization.Verified);
          toasts.show(
            "success",
            waiting.length > 0
              ? t("Organization.OrganizationsAddedSomeWaiting", {
                  names: waiting.map((organization) => organization.Name).join(", "),
                })
              : t("Organization.OrganizationsAdded"),
          );
          // The account menu's "acting for" list comes with the user: load it again.
          await reloadUser();
          navigate(paths.dashboard.href());
        }}
      />
    </>
  );
}
