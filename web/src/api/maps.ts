import type {
  AddressCandidate,
  AddressSuggestion,
  LatLng,
  MapLayer,
  MapLayerName,
  MapLayerQuery,
} from "@contract/maps";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The geocoder and GIS layers behind every address step (reports, zoning inquiry). */

// GET /api/maps/suggest?text=
export function getAddressSuggestions(text: string): Promise<{ suggestions: AddressSuggestion[] }> {
  return api.get(`/maps/suggest?${new URLSearchParams({ text })}`);
}

export const addressSuggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ["maps", "suggest", text.trim().toLowerCase()],
    queryFn: () => getAddressSuggestions(text.trim()),
    staleTime: 10 * 60_000,
  });

/** Suggestions for what is typed, asked once the text has at least 2 characters. */
export function useAddressSuggestions(text: string) {
  return useQuery({ ...addressSuggestionsQueryOptions(text), enabled: text.trim().length >= 2 });
}

// GET /api/maps/geocode?address=&magicKey=
export function geocodeAddress(address: string, magicKey?: string): Promise<{ candidates: AddressCandidate[] }> {
  const query = new URLSearchParams({ address, ...(magicKey ? { magicKey } : {}) });
  return api.get(`/maps/geocode?${query}`);
}

// GET /api/maps/reverse?lat=&lng=
export function reverseGeocode(point: LatLng): Promise<{ candidate: AddressCandidate | null }> {
  const query = new URLSearchParams({ lat: point.lat.toFixed(6), lng: point.lng.toFixed(6) });
  return api.get(`/maps/reverse?${query}`);
}

// GET /api/maps/layers/:layer?south=&west=&north=&east=
export function getMapLayer(layer: MapLayerName, box: MapLayerQuery, signal?: AbortSignal): Promise<MapLayer> {
  const query = new URLSearchParams({
    south: box.south.toFixed(5),
    west: box.west.toFixed(5),
    north: box.north.toFixed(5),
    east: box.east.toFixed(5),
  });
  return api.get(`/maps/layers/${layer}?${query}`, { signal });
}
