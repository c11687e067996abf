import { fetchWithTimeout } from "../../platform/outbound";
import { ConnectorError } from "../connector-error";
import { type FormsConfig, formsConfigFromEnv } from "./config";
import type { BusinessProcessSummary, FormSubmission, FormsConnector } from "./types";

const SYSTEM = "forms";

/** "25.00" (the service's currency field) to cents, without floating-point drift. */
export function centsFromDollars(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not a dollar amount: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

async function callForms(config: FormsConfig, path: string): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchWithTimeout(`${config.baseUrl}/api/v1${path}`, {
      headers: { accept: "application/json", "x-api-key": config.apiKey },
      timeoutMs: config.timeoutMs,
    });
  } catch (error) {
    throw new ConnectorError(SYSTEM, "unavailable", "The forms service did not answer", String(error));
  }
  const text = await response.text();
  if (response.status >= 500 || response.status === 401 || response.status === 403) {
    throw new ConnectorError(
      SYSTEM,
      "unavailable",
      `The forms service answered ${response.status}`,
      text.slice(0, 500),
    );
  }
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    throw new ConnectorError(
      SYSTEM,
      "unavailable",
      "The forms service answered something unreadable",
      text.slice(0, 500),
    );
  }
}

/** Anything malformed in an answer is the service's fault, not the caller's. */
async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConnectorError) throw error;
    throw new ConnectorError(SYSTEM, "unavailable", "The forms service answered in an unexpected shape", String(error));
  }
}

/** The real adapter: the forms service's JSON API (API key) and its hosted form pages. */
export function createHttpFormsConnector(fixedConfig?: FormsConfig): FormsConnector {
  const config = () => fixedConfig ?? formsConfigFromEnv();
  return {
    listBusinessProcesses: () =>
      guard(async () => {
        const { body } = await callForms(config(), "/business-processes");
        const list = (body as { businessProcesses?: unknown }).businessProcesses;
        if (!Array.isArray(list)) throw new Error("no businessProcesses");
        const businessProcesses: BusinessProcessSummary[] = list.map((item: { id?: unknown; name?: unknown }) => ({
          id: String(item.id),
          name: String(item.name),
        }));
        return { businessProcesses };
      }),

    hostedFormUrl: ({ bpid, portalSubmissionId, params, parentOrigin }) => {
      const query = new URLSearchParams({ portalSubmissionId, parentOrigin, params: JSON.stringify(params ?? {}) });
      return `${config().baseUrl}/Forms/${encodeURIComponent(bpid)}?${query}`;
    },

    submission: (portalSubmissionId, bpid) =>
      guard(async () => {
        const { status, body } = await callForms(
          config(),
          `/submissions/${encodeURIComponent(portalSubmissionId)}?bpid=${encodeURIComponent(bpid)}`,
        );
        if (status === 404) throw new ConnectorError(SYSTEM, "not_found", "No such form submission");
        if (status >= 400) throw new ConnectorError(SYSTEM, "rejected", "The forms service refused the lookup", body);
        const found = body as Record<string, unknown>;
        const submission: FormSubmission = {
          portalSubmissionId: String(found.portalSubmissionId),
          bpid: String(found.bpid),
          processName: String(found.processName ?? ""),
          submittedAt: new Date(String(found.submittedAt)).toISOString(),
          feeTotalCents: centsFromDollars(String(found.feeTotal ?? "0")),
          fields: Object.fromEntries(
            Object.entries((found.fields ?? {}) as Record<string, unknown>).map(([key, value]) => [key, String(value)]),
          ),
        };
        return submission;
      }),
  };
}
