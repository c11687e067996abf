import { useTranslation } from "react-i18next";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatCents, formatDate } from "@/utils/format";
import { useMyRefunds } from "../api/my-refunds";

/**
 * The refunds on the resident's payment history (issue 32 "Refunds"): when, which account, how much,
 * in the city's time zone. Nothing is shown when there are none.
 */
export function MyRefunds({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const refunds = useMyRefunds(organizationId);
  const title = t("Refunds.MineTitle");
  if (refunds.isError) {
    return (
      <p role="alert" className="error-text">
        {t("Refunds.MineLoadError")}
      </p>
    );
  }
  if (!refunds.data?.length) return null;
  return (
    <section aria-labelledby="my-refunds">
      <h2 id="my-refunds">{title}</h2>
      <TableScroll label={title}>
        <table className="billing-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Refunds.RefundDate")}</th>
              <th scope="col">{t("Refunds.For")}</th>
              <th scope="col">{t("Refunds.AmountRefunded")}</th>
            </tr>
          </thead>
          <tbody>
            {refunds.data.map((refund) => (
              <tr key={refund.refundId}>
                <th scope="row">{formatDate(refund.refundedAt)}</th>
                <td>
                  {t(`Payment.Type.${refund.paymentType}`, { defaultValue: refund.paymentType })} {refund.accountNumber}
                </td>
                <td>{formatCents(refund.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
