import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { useMobileAddCardFrame } from "@/features/billing/api/mobile-add-card-frame";
import { AddCardFrameView } from "@/features/billing/components/add-card-frame";
import { ApiError } from "@/lib/api-client";

/**
 * /add-stored-payment-mobile (spec 2 §2): the hosted add-card frame for the mobile app, which opens
 * this page top-level without a portal session and with a single-use `code` it got for its user
 * (POST /api/core/payment-methods/mobile-code). The code is taken off the address at once.
 */
export function Component() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [code] = useState(() => searchParams.get("code"));
  const title = t("Pages.AddStoredPaymentMobile");

  useEffect(() => {
    if (searchParams.has("code")) {
      const rest = new URLSearchParams(searchParams);
      rest.delete("code");
      setSearchParams(rest, { replace: true });
    }
  }, [searchParams, setSearchParams]);

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {code && /^[A-Za-z0-9_-]{16,64}$/.test(code) ? (
        <MobileFrame code={code} />
      ) : (
        <>
          <h2>{t("MobileCard.NoCodeTitle")}</h2>
          <p>{t("MobileCard.NoCode")}</p>
        </>
      )}
    </>
  );
}

function MobileFrame({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const frame = useMobileAddCardFrame(code, i18n.language !== "es");
  return (
    <>
      <p>{t("MobileCard.Intro")}</p>
      <AddCardFrameView
        frame={frame}
        savedText={t("MobileCard.Saved")}
        errorText={(error) =>
          error instanceof ApiError && (error.status === 422 || error.status === 400) ? t("MobileCard.Expired") : null
        }
      />
    </>
  );
}
