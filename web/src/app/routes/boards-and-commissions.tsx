import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { BoardsList } from "@/features/boards/components/boards-list";

/** Boards and commissions: category grids and vacancy cards. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.BoardsAndCommissions");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <BoardsList />
    </>
  );
}
