import type { Job } from "./job";

/** Sends zoning inquiries residents filed while the CRM was down (DESIGN.md outbox). */
export const zoningInquiriesJob: Job = {
  name: "zoning-inquiries",
  everyMs: 60_000,
  schedule: "every 1 minutes",
  // Loaded when the job runs: only the job's instance needs the CRM code.
  run: async () => (await import("../domains/zoning/zoning-inquiry.service")).deliverPendingZoningInquiries(),
};
