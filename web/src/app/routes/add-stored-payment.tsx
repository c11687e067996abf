import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { AddCardFrame } from "@/features/billing/components/add-card-frame";
import { useAuth } from "@/lib/auth/auth-state";

/** /add-stored-payment (spec 2 §2): the provider's hosted add-card frame. */
export function Component() {
  const { t } = useTranslation();
  const { authUser } = useAuth();
  const title = t("Pages.AddStoredPayment");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("Billing.Methods.FrameIntro")}</p>
      <AddCardFrame />
      {authUser ? (
        <p>
          <Link to={paths.account.href(authUser.Id)}>{t("Billing.Methods.BackToAccount")}</Link>
        </p>
      ) : null}
    </>
  );
}
