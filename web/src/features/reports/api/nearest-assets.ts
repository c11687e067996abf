import type { AssetKind, CityAsset, LatLng } from "@contract/maps";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/maps/assets?kind=&lat=&lng=
/** The city's streetlights, hydrants or signs nearest the report's place (issue 33), nearest first. */
export const useNearestAssets = (kind: AssetKind | null, place: LatLng | null) =>
  useQuery({
    queryKey: ["maps", "assets", kind, place?.lat, place?.lng],
    queryFn: () => {
      const query = new URLSearchParams({ kind: String(kind), lat: String(place?.lat), lng: String(place?.lng) });
      return api.get<{ assets: CityAsset[] }>(`/maps/assets?${query}`);
    },
    enabled: kind !== null && place !== null,
    staleTime: 60 * 60_000,
  });
