import { cityToday } from "@contract/city-time";

/** A bill still owing money after its due date (a calendar day), by the city's today (issue 32). */
export const isOverdue = (dueDate: string | null | undefined, openCents: number, today = cityToday()) =>
  Boolean(dueDate) && openCents > 0 && (dueDate as string) < today;
