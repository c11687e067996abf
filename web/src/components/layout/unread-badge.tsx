import { useTranslation } from "react-i18next";

/** A count bubble with a spoken equivalent; nothing at all when there is nothing unread. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span className="badge" aria-hidden="true">
        {count > 99 ? "99+" : count}
      </span>
      <span className="visually-hidden">, {t("Header.UnreadMessages", { count })}</span>
    </>
  );
}
