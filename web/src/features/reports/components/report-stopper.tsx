import type { ReportStopper as Stopper } from "@contract/activity";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { noticeParts } from "../phone-links";

/**
 * Issue 33, stoppers: instead of the report form, the admin's notice says what to do (call the gas
 * company's emergency line, call 911), in the resident's language, its phone numbers as call links.
 */
export function ReportStopper({ stopper }: { stopper: Stopper }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const text = i18n.language?.startsWith("es") ? stopper.es : stopper.en;
  return (
    <section className="report-stopper" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("Report.Stopper.Heading")}</h2>
      <p className="report-stopper__text">
        {noticeParts(text).map((part, index) =>
          "phone" in part ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
            <a key={index} href={part.href} className="report-stopper__phone">
              {part.phone}
            </a>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
      <p>{t("Report.Stopper.NotFiled")}</p>
    </section>
  );
}
