import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { FileBox } from "@/features/activities/components/file-box";
import { readMobileBoxLink } from "@/features/activities/mobile-box-link";

/** /mobileWebView/box: the file box the mobile app opens for a record or a utility account. */
export function Component() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const link = readMobileBoxLink(query);
  const title = t("Pages.MobileWebViewBox");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {link ? (
        <FileBox
          folder={link.folder}
          heading={
            link.utilityAccount
              ? t("Box.UtilityAccountHeading", { account: link.utilityAccount })
              : t("Box.RecordHeading")
          }
        />
      ) : (
        <p role="alert" className="error-text">
          {t("Box.IncompleteLink")}
        </p>
      )}
    </>
  );
}
