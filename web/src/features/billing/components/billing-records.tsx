import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { useLoadFailureToast } from "@/components/ui/load-failure-toast";
import { TableScroll } from "@/components/ui/table-scroll";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { formatCents } from "@/utils/format";
import { isOverdue } from "@/utils/overdue";
import { useBillingHistory } from "../api/get-billing-history";
import { OnlinePaymentUnavailable } from "./billing-unavailable";
import { calendarDate } from "./calendar-date";

/** The water bill records (spec 2 §2): total due, delinquency banners, bills with PDFs, Pay Bill, history. */
export function BillingRecords({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const history = useBillingHistory(organizationId);
  const maintenance = usePaymentMaintenanceInfo();
  const billPayEnabled = maintenance.data?.onlineBillPayEnabled ?? true;
  const downstream = history.error instanceof ApiError && history.error.status === 503;
  useLoadFailureToast(history.isError);

  // Null: the API no longer knows the sign-in (spec 2 §8 X7). Neither the bills nor "none": the session check
  // is sending the resident to sign in, and she comes back here.
  if (history.isPending || history.data === null) return <p>{t("Billing.Loading")}</p>;
  if (history.isError)
    return (
      <p role="alert" className="error-text">
        {t(downstream ? "Billing.Unavailable.System" : "Billing.LoadError")}
      </p>
    );
  const { bills, totalAmountDueCents, accountDelinquentStatuses } = history.data;
  if (bills.length === 0 && totalAmountDueCents === 0)
    return (
      <p>
        {t("Billing.NoAccounts")} <Link to={paths.dashboard.href()}>{t("Billing.BackToDashboard")}</Link>
      </p>
    );

  return (
    <>
      {accountDelinquentStatuses.map((status) => (
        <div className="billing-banner" key={`${status.accountNumber}-${status.type}-${status.date}`}>
          <h2>{t("Billing.DelinquentTitle")}</h2>
          <p>
            {t("Billing.DelinquentBody", {
              accountNumber: status.accountNumber,
              amount: formatCents(status.amountCents),
              date: calendarDate(status.date),
              type: status.type,
            })}
          </p>
        </div>
      ))}
      <dl className="billing-summary">
        <div>
          <dt>{t("Billing.TotalDue")}</dt>
          <dd>{formatCents(totalAmountDueCents)}</dd>
        </div>
      </dl>
      {!billPayEnabled && maintenance.data ? (
        <OnlinePaymentUnavailable info={maintenance.data} id="billing-unavailable" />
      ) : null}
      <div className="billing-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!billPayEnabled}
          aria-describedby={billPayEnabled ? undefined : "billing-unavailable"}
          onClick={() => navigate(paths.payment.href())}
        >
          {t("DashboardHome.PayBill")}
        </button>
        <Link className="button button--secondary" to={paths.paymentHistory.href()}>
          {t("Billing.PaymentHistoryButton")}
        </Link>
      </div>
      <h2>{t("Billing.BillsTitle")}</h2>
      {bills.length === 0 ? (
        <p>{t("DashboardHome.NoUpcomingBills")}</p>
      ) : (
        <TableScroll label={t("Billing.BillsTitle")}>
          <table className="billing-table">
            <caption className="visually-hidden">{t("Billing.BillsTitle")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Billing.BillDate")}</th>
                <th scope="col">{t("Billing.Account")}</th>
                <th scope="col">{t("Billing.DueDate")}</th>
                <th scope="col">{t("Billing.AmountDue")}</th>
                <th scope="col">{t("Billing.Balance")}</th>
                <th scope="col">{t("Billing.Document")}</th>
              </tr>
            </thead>
            <tbody>
              {bills.map((bill) => (
                <tr key={`${bill.accountNumber}-${bill.billId}`}>
                  <th scope="row">{calendarDate(bill.billDate)}</th>
                  <td>{bill.accountNumber}</td>
                  <td>
                    {calendarDate(bill.dueDate)}
                    {isOverdue(bill.dueDate, bill.amountDueWithoutPendingCents) && (
                      <>
                        {" "}
                        <span className="overdue-label">{t("Billing.Overdue")}</span>
                      </>
                    )}
                  </td>
                  <td>{formatCents(bill.amountDueWithoutPendingCents)}</td>
                  <td>{formatCents(bill.currentBalanceCents)}</td>
                  <td>
                    <a href={bill.pdfLink} target="_blank" rel="noopener noreferrer">
                      {t("Billing.ViewPdf", { date: calendarDate(bill.billDate) })}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
