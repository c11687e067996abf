import { useQuery } from "@tanstack/react-query";
import { apiBlob } from "@/lib/api-client";

// GET /api/salesforce/activity/{type}/{id}/photos/{index}
export const getActivityPhoto = (type: string, id: string, index: number) =>
  apiBlob(`/salesforce/activity/${encodeURIComponent(type)}/${encodeURIComponent(id)}/photos/${index}`);

/** One photo of a report's case, fetched with the resident's token (an <img> could not send it). */
export const useActivityPhoto = (type: string, id: string, index: number) =>
  useQuery({
    queryKey: ["activity-photo", type, id, index],
    queryFn: () => getActivityPhoto(type, id, index),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
