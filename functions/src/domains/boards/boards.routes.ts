// GET /api/salesforce/boardsAndCommissions/details
// GET /api/salesforce/boardsAndCommissions/attendanceAndMembers/:boardName
import { type BoardDetails, type BoardMembersAnswer, ZBoardNameParams } from "../../contract/boards";
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { boardMembers, listBoards } from "./boards.service";

const BOARDS_THROTTLE: ThrottleRule[] = [{ name: "boards", key: "caller", limit: 300, windowSeconds: 600 }];

export const boardsRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/salesforce/boardsAndCommissions/details",
    access: "public",
    throttle: BOARDS_THROTTLE,
    summary: "Every board and commission with its overview, duties and resources (spec 3 §7)",
    example: {},
    handler: (): Promise<BoardDetails[]> => listBoards(),
  }),
  route({
    method: "GET",
    path: "/api/salesforce/boardsAndCommissions/attendanceAndMembers/:boardName",
    access: "public",
    params: ZBoardNameParams,
    throttle: BOARDS_THROTTLE,
    summary: "A board's members with attendance and its meetings' attendance (spec 3 §7)",
    example: { params: { boardName: "Planning and Zoning Commission" } },
    handler: async ({ params }): Promise<BoardMembersAnswer> => {
      // A name not in the board list costs no CRM call and never reaches a query.
      const board = (await listBoards()).find((candidate) => candidate.name === params.boardName);
      if (!board) throw notFound("No board or commission with this name.");
      return boardMembers(board.id);
    },
  }),
];
