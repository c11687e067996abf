import type { ItemizedLine } from "@contract/payment";
import { useTranslation } from "react-i18next";
import { formatCents } from "@/utils/format";

/**
 * An itemized bill (spec 2 §3 "LPI bill"; a case's fee): number, name and fee of each line, as the
 * CRM keeps them. Line names are the CRM's English texts: on a page in another language they are
 * marked lang=en (unless `nameText` gives the portal's own translation).
 */
export function ItemizedBill({
  lines,
  caption,
  headings,
  nameText,
}: {
  lines: ItemizedLine[];
  caption: string;
  headings: { number: string; name: string; fee: string };
  nameText?: (name: string) => string | null;
}) {
  const { i18n } = useTranslation();
  return (
    <table className="receipt-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{headings.number}</th>
          <th scope="col">{headings.name}</th>
          <th scope="col">{headings.fee}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const translated = nameText?.(line.applicationName) ?? null;
          return (
            <tr key={`${line.applicationNumber}|${line.applicationName}`}>
              <td>{line.applicationNumber}</td>
              {translated !== null ? (
                <td>{translated}</td>
              ) : (
                <td lang={i18n.language === "en" ? undefined : "en"}>{line.applicationName}</td>
              )}
              <td>{formatCents(line.applicationFeeCents)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
