import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { PermitSearch } from "@/features/permits/components/permit-search";

/** Permit search by address, application number, parcel number or name. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.PermitSearch");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <PermitSearch />
    </>
  );
}
