import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { crmActivityName } from "@/lib/services/crm-activity-name";
import { formatActivityTime, formatCents } from "@/utils/format";
import { usePerson } from "../api/get-person";
import { PaymentLinkForm } from "./payment-link-form";
import { PersonActions, ResendReceiptButton } from "./person-actions";
import { PersonMessages } from "./person-messages";
import { PhonePayment } from "./phone-payment";

/** Shown for a section whose city system did not answer. */
function Unavailable() {
  const { t } = useTranslation();
  return <p className="console-unavailable">{t("Console.Unavailable")}</p>;
}

/** The console's person view (issue 31): who they are and everything staff need to serve them. */
export function PersonDetails({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const person = usePerson(uid);
  if (person.isPending) return <p>{t("App.Loading")}</p>;
  if (person.isError) return <AdminLoadError error={person.error} message={t("Util.ErrorTryAgainLater")} />;
  const { profile, accounts, cases, payments, messages, organizations } = person.data;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.email || profile.uid;
  return (
    <div className="console-person">
      <section aria-labelledby="person-profile" className="console-section">
        <h2 id="person-profile">{name}</h2>
        <dl className="console-facts">
          <dt>{t("Console.Email")}</dt>
          <dd>{profile.email ?? "—"}</dd>
          <dt>{t("Console.Phone")}</dt>
          <dd>{profile.phone ?? "—"}</dd>
          <dt>{t("Console.TextPhone")}</dt>
          <dd>{profile.textPhone ?? "—"}</dd>
          <dt>{t("Console.Address")}</dt>
          <dd>{profile.address ?? "—"}</dd>
          <dt>{t("Console.Language")}</dt>
          <dd>{profile.language === "es" ? t("Console.Spanish") : t("Console.English")}</dd>
        </dl>
      </section>

      <section aria-labelledby="person-accounts" className="console-section">
        <h2 id="person-accounts">{t("Console.Accounts")}</h2>
        {accounts === null ? <Unavailable /> : null}
        {accounts?.length === 0 ? <p>{t("Console.NoAccounts")}</p> : null}
        <ul className="console-list">
          {accounts?.map((account) => (
            <li key={`${account.customerId}-${account.locationId}`}>
              <strong>
                {account.customerId}-{account.locationId}
              </strong>{" "}
              {account.serviceAddress ?? ""}
              <br />
              {account.amountDueCents === null
                ? t("Console.AmountUnknown")
                : t("Console.AmountDue", {
                    amount: formatCents(account.amountDueCents),
                    date: account.dueDate ?? "—",
                  })}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="person-cases" className="console-section">
        <h2 id="person-cases">{t("Console.Cases")}</h2>
        {cases === null ? <Unavailable /> : null}
        {cases?.length === 0 ? <p>{t("Console.NoCases")}</p> : null}
        <ul className="console-list">
          {cases?.map((item) => (
            <li key={item.id}>
              <strong>{item.caseNumber}</strong> {crmActivityName(t, item)}:{" "}
              <StatusBadge status={item.statusInformation} />
              <span className="console-list__when"> ({formatActivityTime(item.lastModified)})</span>
              {item.type === "Case" && item.caseNumber ? (
                <>
                  {" "}
                  <Link to={paths.consoleReports.href(item.caseNumber)}>
                    {t("Moderation.ModerateCase", { caseNumber: item.caseNumber })}
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="person-payments" className="console-section">
        <h2 id="person-payments">{t("Console.Payments")}</h2>
        {payments.length === 0 ? <p>{t("Console.NoPayments")}</p> : null}
        <ul className="console-list">
          {payments.map((payment) => (
            <li key={payment.id}>
              {payment.at ? formatActivityTime(payment.at) : "—"}: {formatCents(payment.amountCents)}{" "}
              {payment.accountNumber} ({payment.state}){payment.maskedCardNumber ? ` ${payment.maskedCardNumber}` : ""}
              {payment.assistedBy ? ` ${t("Console.TakenBy", { who: payment.assistedBy })}` : ""}
              {payment.state === "charged" || payment.state === "succeeded" ? (
                <>
                  {" "}
                  <ResendReceiptButton uid={uid} paymentId={payment.id} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <PersonActions uid={uid} name={name} />

      <PhonePayment uid={uid} accounts={accounts ?? []} />

      <PaymentLinkForm
        uid={uid}
        accounts={(accounts ?? []).map((account) => `${account.customerId}-${account.locationId}`)}
      />

      <PersonMessages messages={messages} />

      <section aria-labelledby="person-organizations" className="console-section">
        <h2 id="person-organizations">{t("Console.Organizations")}</h2>
        {organizations.length === 0 ? <p>{t("Console.NoOrganizations")}</p> : null}
        <ul className="console-list">
          {organizations.map((organization) => (
            <li key={organization.organizationId}>
              {organization.name ?? organization.organizationId}:{" "}
              {organization.role === "approver" ? t("Console.Approver") : t("Console.Member")}
              {organization.verified ? "" : ` (${t("Console.Pending")})`}
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link to={paths.console.href()}>{t("Console.BackToSearch")}</Link>
      </p>
    </div>
  );
}

export default PersonDetails;
