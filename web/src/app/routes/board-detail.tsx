import { BoardDetailPage } from "@/features/boards/components/board-detail";

/** One board or commission: overview, duties, members, attendance and resources. */
export function Component() {
  return <BoardDetailPage />;
}
