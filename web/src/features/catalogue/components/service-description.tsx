import type { Activity } from "@contract/activity";
import { useTranslation } from "react-i18next";
import { activityDescription } from "@/lib/services/activity-label";

/** A service's description in the page's language (nothing when it has none). */
export function ServiceDescription({
  service,
  as: Tag = "span",
  className = "all-services__description",
}: {
  service: Pick<Activity, "Id" | "Description">;
  as?: "span" | "p";
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const { text, lang } = activityDescription(t, i18n.language, service);
  if (!text) return null;
  return (
    <Tag className={className} lang={lang}>
      {Tag === "span" ? " " : ""}
      {text}
    </Tag>
  );
}
