import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useToasts } from "./toasts";

/**
 * Spec 2 §8 (X15): a page's data that failed to load also gets the generic error toast with the
 * city's contact (error-contact-support), once per failure, beside the page's own inline text.
 */
export function useLoadFailureToast(failed: boolean): void {
  const { t } = useTranslation();
  const toasts = useToasts();
  const shown = useRef(false);
  useEffect(() => {
    if (!failed) {
      shown.current = false;
      return;
    }
    if (shown.current) return;
    shown.current = true;
    toasts.show("error", t("error-contact-support"));
  }, [failed, toasts, t]);
}
