import { ConnectorError } from "../../platform/connector-error";
import { callJson, guardAnswer, type JsonAnswer } from "../http-json";
import { type FormsConfig, formsConfigFromEnv } from "./config";
import type { BusinessProcessSummary, FormSubmission, FormsConnector } from "./types";

const SYSTEM = "forms";

/** "25.00" (the service's currency field) to cents, without floating-point drift. */
export function centsFromDollars(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not a dollar amount: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const LABEL = "The forms service";

function callForms(config: FormsConfig, path: string): Promise<JsonAnswer<unknown>> {
  return callJson<unknown>(
    { system: SYSTEM, label: LABEL, timeoutMs: config.timeoutMs },
    `${config.baseUrl}/api/v1${path}`,
    {
      headers: { "x-api-key": config.apiKey },
    },
  );
}

/** Anything malformed in an answer is the service's fault, not the caller's. */
const guard = <T>(work: () => Promise<T>) => guardAnswer({ system: SYSTEM, label: LABEL }, work);

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
