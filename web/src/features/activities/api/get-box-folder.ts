import type { BoxFolderResponse } from "@contract/activity-detail";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/box/{salesforceId}
export const getRecordBoxFolder = (salesforceId: string) =>
  api.get<BoxFolderResponse>(`/box/${encodeURIComponent(salesforceId)}`);

export const recordBoxFolderQueryOptions = (salesforceId: string) =>
  queryOptions({
    queryKey: ["box-folder", salesforceId],
    queryFn: () => getRecordBoxFolder(salesforceId),
    retry: false,
    // The token is short-lived: a page opened later asks for a new one.
    staleTime: 5 * 60_000,
  });

export const useRecordBoxFolder = (salesforceId: string) => useQuery(recordBoxFolderQueryOptions(salesforceId));
