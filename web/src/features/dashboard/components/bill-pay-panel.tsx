import type { BillingAccountSummary } from "@contract/messages";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { usePaymentInformation } from "@/api/get-payment-information";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { paths } from "@/config/paths";
import { formatCents } from "@/utils/format";
import { formatCalendarDay } from "@/utils/format-instant";
import { isOverdue } from "@/utils/overdue";

/** YYYY-MM-DD (a calendar date, no time zone) as MM/DD/YYYY; "2 oct 2026" in Spanish. */
const calendarDate = (value: string) => formatCalendarDay(value);

/** Total due across the accounts and the earliest due date of those that owe something. */
export function billSummary(accounts: readonly BillingAccountSummary[]) {
  const totalCents = accounts.reduce((sum, account) => sum + account.amountDueCents, 0);
  const dueDates = accounts
    .filter((account) => account.amountDueCents > 0 && account.dueDate)
    .map((account) => account.dueDate as string)
    .sort();
  return { totalCents, dueDate: dueDates[0] ?? null };
}

interface BillPayPanelProps {
  userId: string;
  organizationId: string;
  highlighted: boolean;
}

/** The bill-pay panel (spec 1 §2.7, spec 2): total due, due date, Pay Bill, maintenance state. */
export const BillPayPanel = forwardRef<HTMLElement, BillPayPanelProps>(function BillPayPanel(
  { userId, organizationId, highlighted },
  ref,
) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const accounts = usePaymentInformation(userId, organizationId);
  const maintenance = usePaymentMaintenanceInfo();
  const billPayEnabled = maintenance.data?.onlineBillPayEnabled ?? true;
  const settings = maintenance.data?.maintenanceSettings;
  const maintenanceText = settings ? (i18n.language === "es" ? settings.spanishText : settings.englishText) : "";
  const summary = billSummary(accounts.data ?? []);
  const hasAccounts = (accounts.data?.length ?? 0) > 0;

  return (
    <section
      ref={ref}
      tabIndex={-1}
      id="billing"
      className={`panel bill-pay${highlighted ? " bill-pay--highlighted" : ""}`}
      aria-labelledby="bill-pay-heading"
    >
      <h2 id="bill-pay-heading">{t("DashboardHome.BillPay")}</h2>
      {/* Null: the API no longer knows the sign-in (spec 2 §8 X7): not "No upcoming bills" for an account that may
          owe money, and no error; the session check sends her to sign in. */}
      {(accounts.isPending || accounts.data === null) && <p>{t("DashboardHome.Loading")}</p>}
      {accounts.isError && (
        <p role="alert" className="error-text">
          {t("DashboardHome.BillingError")}
        </p>
      )}
      {accounts.data?.length === 0 && (
        <>
          <p>{t("DashboardHome.NoUpcomingBills")}</p>
          <p>
            <Link to={paths.account.href(userId)}>{t("DashboardHome.AddWaterAccount")}</Link>
          </p>
        </>
      )}
      {hasAccounts && (
        <>
          {summary.totalCents > 0 ? (
            <dl className="bill-pay__summary">
              <div>
                <dt>{t("DashboardHome.TotalDue")}</dt>
                <dd>{formatCents(summary.totalCents)}</dd>
              </div>
              {summary.dueDate && (
                <div>
                  <dt>{t("DashboardHome.DueDate")}</dt>
                  <dd>
                    {calendarDate(summary.dueDate)}
                    {isOverdue(summary.dueDate, summary.totalCents) && (
                      <>
                        {" "}
                        <span className="overdue-label">{t("Billing.Overdue")}</span>
                      </>
                    )}
                  </dd>
                </div>
              )}
            </dl>
          ) : (
            <p>{t("DashboardHome.NoUpcomingBills")}</p>
          )}
          {!billPayEnabled && (
            <p className="bill-pay__maintenance" id="bill-pay-maintenance">
              {maintenanceText || t("DashboardHome.BillPayMaintenance")}
            </p>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={!billPayEnabled}
            aria-describedby={!billPayEnabled ? "bill-pay-maintenance" : undefined}
            onClick={() => navigate(paths.payment.href())}
          >
            {t("DashboardHome.PayBill")}
          </button>
        </>
      )}
    </section>
  );
});
