import type { Job } from "./job";

/**
 * The evening-before garbage pickup reminder (issue 16): from 6 p.m. in Elgin, an in-app message
 * and a push to residents who asked, once per pickup however often it runs.
 */
export const garbageRemindersJob: Job = {
  name: "garbage-reminders",
  everyMs: 10 * 60_000,
  // America/Chicago (the onSchedule wrapper's time zone): every 30 minutes through the evening.
  schedule: "every 30 minutes from 18:00 to 23:30",
  run: async () => (await import("../domains/garbage/garbage-reminders.service")).sendGarbageReminders(),
};
