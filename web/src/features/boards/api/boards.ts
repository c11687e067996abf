import type { BoardDetails, BoardMembersAnswer } from "@contract/boards";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/salesforce/boardsAndCommissions/details
export function useBoards() {
  return useQuery({
    queryKey: ["boards", "details"],
    queryFn: () => api.get<BoardDetails[]>("/salesforce/boardsAndCommissions/details"),
    staleTime: 10 * 60_000,
  });
}

// GET /api/salesforce/boardsAndCommissions/attendanceAndMembers/:boardName
export function useBoardMembers(boardName: string | undefined) {
  return useQuery({
    queryKey: ["boards", "attendance-and-members", boardName],
    queryFn: () =>
      api.get<BoardMembersAnswer>(
        `/salesforce/boardsAndCommissions/attendanceAndMembers/${encodeURIComponent(boardName ?? "")}`,
      ),
    enabled: Boolean(boardName),
    staleTime: 10 * 60_000,
  });
}
