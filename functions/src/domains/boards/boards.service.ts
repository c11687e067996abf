import { crmConnector } from "../../connectors/crm/connection";
import {
  BOARD_RESOURCE_SLOTS,
  type BoardAttendanceStatus,
  type BoardDetails,
  type BoardMembersAnswer,
} from "../../contract/boards";
import { PromiseCache } from "../../platform/cache";

/**
 * Boards change a few times a year and members monthly; the CRM has a daily call budget, so one
 * query per half hour per instance reads every board, and one per board reads its members and
 * attendance. A warm page view costs no CRM call.
 */
export const BOARDS_CACHE_MS = 30 * 60_000;
const boardsCache = new PromiseCache<"all", BoardDetails[]>({ ttlMs: BOARDS_CACHE_MS, max: 1 });
const membersCache = new PromiseCache<string, BoardMembersAnswer>({ ttlMs: BOARDS_CACHE_MS, max: 100 });

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const numberOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

const isWebUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Powers and duties are stored as one text with "$" between items (spec 3 §2). */
export function splitDuties(stored: string): string[] {
  return stored
    .split("$")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The board's resource links: slot n is Label_Additional_Information{n}__c with
 * Additional_Information{n}__c; a slot shows only with both, and only web links (never javascript:).
 */
export function boardResources(row: Record<string, unknown>): BoardDetails["resources"] {
  const links: BoardDetails["resources"] = [];
  for (let slot = 1; slot <= BOARD_RESOURCE_SLOTS; slot++) {
    const label = text(row[`Label_Additional_Information${slot}__c`]);
    const url = text(row[`Additional_Information${slot}__c`]);
    const labelEs = text(row[`Label_Additional_Information${slot}_ES__c`]);
    if (label && url && isWebUrl(url)) links.push({ label, url, ...(labelEs ? { labelEs } : {}) });
  }
  return links;
}

/** "Board of Fire and Police Commissioners" is a board; "Heritage Commission" a commission. */
export const boardCategory = (name: string): BoardDetails["category"] =>
  /\bcommission\b/i.test(name) ? "commission" : "board";

export function toBoardDetails(row: Record<string, unknown>): BoardDetails {
  const liaison = (row.Staff_Liaison__r ?? null) as { Name?: unknown } | null;
  const name = text(row.Name);
  return {
    id: text(row.Id),
    name,
    alias: text(row.Alias__c) || name,
    icon: text(row.Icon__c),
    category: boardCategory(name),
    vacancies: Math.max(0, numberOrNull(row.Vacancies__c) ?? 0),
    size: numberOrNull(row.Size__c),
    termLength: text(row.Term_Length__c),
    termLimit: text(row.Term_Limit__c),
    overview: text(row.Overview__c),
    liaison: {
      name: text(liaison?.Name),
      email: text(row.Staff_Liaison_Email__c),
      phone: text(row.Staff_Liaison_Phone__c),
    },
    meeting: {
      day: text(row.Meeting_Date__c),
      time: text(row.Meeting_Time__c),
      location: text(row.Meeting_Location__c),
    },
    powersAndDuties: splitDuties(text(row.Powers_Duties__c)),
    resources: boardResources(row),
    spanish: {
      overview: text(row.Overview_ES__c),
      termLength: text(row.Term_Length_ES__c),
      termLimit: text(row.Term_Limit_ES__c),
      meetingDay: text(row.Meeting_Date_ES__c),
      powersAndDuties: splitDuties(text(row.Powers_Duties_ES__c)),
    },
  };
}

const RESOURCE_FIELDS = Array.from(
  { length: BOARD_RESOURCE_SLOTS },
  (_, index) =>
    `Additional_Information${index + 1}__c, Label_Additional_Information${index + 1}__c, Label_Additional_Information${index + 1}_ES__c`,
).join(", ");

/** Every board and commission, by name (one CRM query per half hour per instance). */
export function listBoards(): Promise<BoardDetails[]> {
  return boardsCache.get("all", async () => {
    const rows = await crmConnector().query({
      text: `SELECT Id, Name, Alias__c, Icon__c, Vacancies__c, Size__c, Term_Length__c, Term_Limit__c, Overview__c, Staff_Liaison__r.Name, Staff_Liaison_Email__c, Staff_Liaison_Phone__c, Meeting_Date__c, Meeting_Time__c, Meeting_Location__c, Powers_Duties__c, Overview_ES__c, Term_Length_ES__c, Term_Limit_ES__c, Meeting_Date_ES__c, Powers_Duties_ES__c, ${RESOURCE_FIELDS} FROM Boards_Commissions__c ORDER BY Name ASC`,
    });
    return rows.map(toBoardDetails);
  });
}

const STATUSES: readonly BoardAttendanceStatus[] = ["Present", "Absent", "Excused"];

/** A board's members and the attendance of each meeting, newest first (cached per board). */
export function boardMembers(boardId: string): Promise<BoardMembersAnswer> {
  return membersCache.get(boardId, async () => {
    // The id comes from the CRM's own board list, never from the request.
    const crm = crmConnector();
    const [members, attendance] = await Promise.all([
      crm.query({
        text: `SELECT Id, Full_Name__c, Role__c, Attendance_Percentage__c FROM Board_Commission_Member__c WHERE Board_Commission__c = '${boardId}' ORDER BY Full_Name__c ASC`,
      }),
      crm.query({
        text: `SELECT Id, Member__c, Member__r.Full_Name__c, Meeting_Date__c, Attendance__c FROM Board_Attendance__c WHERE Board_Commission__c = '${boardId}' ORDER BY Meeting_Date__c DESC`,
      }),
    ]);
    const meetings = new Map<string, BoardMembersAnswer["boardOrCommissionAttendance"][number]>();
    for (const row of attendance) {
      const date = text(row.Meeting_Date__c).slice(0, 10);
      if (!date) continue;
      const meeting = meetings.get(date) ?? { date, attendance: [] };
      meetings.set(date, meeting);
      const status = STATUSES.find((candidate) => candidate === row.Attendance__c) ?? "Absent";
      const member = (row.Member__r ?? null) as { Full_Name__c?: unknown } | null;
      meeting.attendance.push({ memberId: text(row.Member__c), fullName: text(member?.Full_Name__c), status });
    }
    for (const meeting of meetings.values()) meeting.attendance.sort((a, b) => a.fullName.localeCompare(b.fullName));
    return {
      boardOrCommissionMembers: members.map((row) => ({
        id: text(row.Id),
        fullName: text(row.Full_Name__c),
        role: text(row.Role__c),
        attendancePercentage: numberOrNull(row.Attendance_Percentage__c),
      })),
      boardOrCommissionAttendance: [...meetings.values()].sort((a, b) => b.date.localeCompare(a.date)),
    };
  });
}
