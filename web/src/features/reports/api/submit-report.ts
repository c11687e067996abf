import type { ReportData, ReportResult } from "@contract/reports";
import { uploadWithProgress } from "@/lib/api-client";

// POST /api/reports (multipart: reportData + files)
/**
 * Sends the report with its photos with upload progress (`onProgress` gets 0-100). The report id
 * inside reportData makes a repeat harmless.
 */
export async function submitReport(
  report: ReportData,
  files: File[],
  onProgress: (percent: number) => void,
): Promise<ReportResult> {
  const form = new FormData();
  form.append("reportData", JSON.stringify(report));
  for (const file of files) form.append("files", file, file.name);
  return uploadWithProgress<ReportResult>("POST", "/reports", form, onProgress);
}
