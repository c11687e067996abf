import { useTranslation } from "react-i18next";

/** A polite, labelled placeholder while the sign-in state or the first page is loading. */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="app-loading" role="status">
      {t("App.Loading")}
    </div>
  );
}
