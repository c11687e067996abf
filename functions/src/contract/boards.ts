import { z } from "zod";

/** Up to this many labelled resource links per board (spec 3 §9). */
export const BOARD_RESOURCE_SLOTS = 10;

/** GET /api/salesforce/boardsAndCommissions/attendanceAndMembers/:boardName */
export const ZBoardNameParams = z.object({
  boardName: z.string().trim().min(1, { message: "Required" }).max(120, { message: "TooLong" }),
});

/** A board or commission (spec 3 §3 and §2 board detail), as the list and detail pages show it. */
export interface BoardDetails {
  id: string;
  name: string;
  alias: string;
  /** An icon name from the CRM (map, landmark, shield...). */
  icon: string;
  /** The list page groups boards and commissions in their own grids. */
  category: "board" | "commission";
  vacancies: number;
  size: number | null;
  termLength: string;
  termLimit: string;
  overview: string;
  liaison: { name: string; email: string; phone: string };
  meeting: { day: string; time: string; location: string };
  /** The stored text split on "$" (spec 3 §2 powers and duties). */
  powersAndDuties: string[];
  /** Only links with both a label and an http(s) URL, at most 10; labelEs when the CRM has the Spanish label. */
  resources: { label: string; url: string; labelEs?: string }[];
  /** The city's Spanish texts of the board (the CRM's *_ES__c fields); an empty one is not translated. */
  spanish: BoardTexts;
}

/** A board's texts that the CRM keeps in Spanish too. */
export interface BoardTexts {
  overview: string;
  termLength: string;
  termLimit: string;
  meetingDay: string;
  powersAndDuties: string[];
}

export type BoardAttendanceStatus = "Present" | "Absent" | "Excused";

/** Members with attendance, and each meeting's attendance (spec 3 §7 attendanceAndMembers). */
export interface BoardMembersAnswer {
  boardOrCommissionMembers: {
    id: string;
    fullName: string;
    role: string;
    /** null shows as 'N/A'. */
    attendancePercentage: number | null;
  }[];
  /** Newest meeting first. */
  boardOrCommissionAttendance: {
    date: string;
    attendance: { memberId: string; fullName: string; status: BoardAttendanceStatus }[];
  }[];
}
