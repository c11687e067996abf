import type { AuditPage, AuditQuery } from "@contract/audit";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, apiBlob } from "@/lib/api-client";

const search = (filters: AuditQuery) =>
  new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));

// GET /api/audit
export const getAudit = (filters: AuditQuery) => api.get<AuditPage>(`/audit?${search(filters)}`);

export const auditQueryOptions = (filters: AuditQuery) =>
  queryOptions({ queryKey: ["audit", filters], queryFn: () => getAudit(filters) });

export const useAudit = (filters: AuditQuery) => useQuery(auditQueryOptions(filters));

// GET /api/audit/export: the same filters as a CSV file.
export const getAuditCsv = (filters: AuditQuery) => apiBlob(`/audit/export?${search(filters)}`);
