import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { usePaymentHistory } from "@/features/billing/api/get-payment-history";
import { calendarDate } from "@/features/billing/components/calendar-date";
import { MyRefunds } from "@/features/refunds/components/my-refunds";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";
import { formatCents } from "@/utils/format";
import "@/features/billing/components/billing.css";
import { useLoadFailureToast } from "@/components/ui/load-failure-toast";
import { TableScroll } from "@/components/ui/table-scroll";

/**
 * /payment/payment-history (spec 2 §2): date, account number and amount, with a back link; then the
 * refunds of her payments (issue 32).
 */
export function Component() {
  const { t } = useTranslation();
  const auth = useAuth();
  const history = usePaymentHistory(auth.selectedOrganization);
  const title = t("Pages.PaymentHistory");
  const noAccounts = history.error instanceof ApiError && history.error.status === 404;
  useLoadFailureToast(history.isError && !noAccounts);
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        <Link to={paths.waterBillPaymentRecords.href()}>{t("Billing.BackToRecords")}</Link>
      </p>
      {/* Null: signed out (spec 2 §8 X7), no error and no empty state while the session check sends her to sign in. */}
      {history.isPending || history.data === null ? <p>{t("Billing.Loading")}</p> : null}
      {noAccounts ? <p>{t("Billing.NoAccounts")}</p> : null}
      {history.isError && !noAccounts ? (
        <p role="alert" className="error-text">
          {t("Dashboard.PaymentHistoryError")}
        </p>
      ) : null}
      {history.data?.length === 0 ? <p>{t("Billing.NoPayments")}</p> : null}
      {history.data?.length ? (
        <TableScroll label={title}>
          <table className="billing-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("Billing.PaymentDate")}</th>
                <th scope="col">{t("Billing.Account")}</th>
                <th scope="col">{t("Billing.Amount")}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{calendarDate(row.paymentDate)}</th>
                  <td>{row.accountNumber}</td>
                  <td>{formatCents(row.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <MyRefunds organizationId={auth.selectedOrganization} />
    </>
  );
}
