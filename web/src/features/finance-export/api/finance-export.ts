import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, apiBlob } from "@/lib/api-client";

export interface FinanceRange {
  from: string;
  to: string;
}

export interface FinanceSummary extends FinanceRange {
  count: number;
  totals: { codeGroup: string; count: number; amountCents: number }[];
}

// GET /api/payment/finance?from=&to=
export const getFinanceSummary = ({ from, to }: FinanceRange) =>
  api.get<FinanceSummary>(`/payment/finance?${new URLSearchParams({ from, to })}`);

export const financeSummaryQueryOptions = (range: FinanceRange) =>
  queryOptions({ queryKey: ["financeSummary", range.from, range.to], queryFn: () => getFinanceSummary(range) });

export const useFinanceSummary = (range: FinanceRange | null) =>
  useQuery({
    ...financeSummaryQueryOptions(range ?? { from: "", to: "" }),
    enabled: Boolean(range),
  });

// GET /api/payment/finance/export?from=&to= (CSV)
export const getFinanceCsv = ({ from, to }: FinanceRange) =>
  apiBlob(`/payment/finance/export?${new URLSearchParams({ from, to })}`);
