import type { ReportData, ReportResult } from "@contract/reports";
import { ApiError, resolveApiUrl } from "@/lib/api-client";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";

// POST /api/reports (multipart: reportData + files)
/**
 * Sends the report with its photos through XMLHttpRequest, because fetch reports no upload
 * progress; `onProgress` gets 0-100. The report id inside reportData makes a repeat harmless.
 */
export async function submitReport(
  report: ReportData,
  files: File[],
  onProgress: (percent: number) => void,
): Promise<ReportResult> {
  const token = await getFirebaseAuth().currentUser?.getIdToken();
  const form = new FormData();
  form.append("reportData", JSON.stringify(report));
  for (const file of files) form.append("files", file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", resolveApiUrl("/reports"));
    request.setRequestHeader("Accept", "application/json");
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, "network", "Network error"));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as ReportResult);
        return;
      }
      const error = (body as { error?: { code?: ApiError["code"]; message?: string; fields?: Record<string, string> } })
        ?.error;
      reject(
        new ApiError(request.status, error?.code ?? "unknown", error?.message ?? request.statusText, error?.fields),
      );
    };
    request.send(form);
  });
}
