import type { LatLng } from "@contract/maps";
import type { MeTooResult, NearbyCase, ReportType } from "@contract/reports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const nearbyKey = (type: ReportType, place: LatLng) => ["reports", "nearby", type, place.lat, place.lng] as const;

// GET /api/reports/nearby?type=&lat=&lng=
export const useNearbyReports = (type: ReportType, place: LatLng | null) =>
  useQuery({
    queryKey: place ? nearbyKey(type, place) : ["reports", "nearby", type, "none"],
    queryFn: () => {
      const query = new URLSearchParams({ type, lat: String(place?.lat), lng: String(place?.lng) });
      return api.get<{ cases: NearbyCase[] }>(`/reports/nearby?${query}`);
    },
    enabled: place !== null,
    staleTime: 60_000,
  });

// POST /api/reports/:caseId/me-too
export function useMeToo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caseId: string) => api.post<MeTooResult>(`/reports/${encodeURIComponent(caseId)}/me-too`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["reports", "nearby"] }),
  });
}
