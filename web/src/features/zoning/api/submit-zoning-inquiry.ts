import type { ZoningInquiryPayload, ZoningInquiryResult } from "@contract/zoning-inquiry";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// POST /api/salesforce/zoningInquiry/:activityId
export function submitZoningInquiry(activityId: string, payload: ZoningInquiryPayload): Promise<ZoningInquiryResult> {
  return api.post<ZoningInquiryResult>(`/salesforce/zoningInquiry/${encodeURIComponent(activityId)}`, payload);
}

export function useSubmitZoningInquiry(activityId: string) {
  return useMutation({ mutationFn: (payload: ZoningInquiryPayload) => submitZoningInquiry(activityId, payload) });
}
