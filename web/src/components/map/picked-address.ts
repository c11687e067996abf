import type { AddressCandidate, LatLng } from "@contract/maps";

/** The address an address step settled on: the geocoder's label and parts, and the pin's position. */
export interface PickedAddress {
  address: string;
  /** Where the pin stands (the report's marker position); for a typed address, the geocoder's point. */
  location: LatLng;
  parts: AddressCandidate["parts"];
  /** How it was chosen: typed and confirmed, a pin on the map, or a photo's own position. */
  source: "typed" | "map" | "photo";
}

export const pickedFrom = (candidate: AddressCandidate, source: PickedAddress["source"], location?: LatLng) => ({
  address: candidate.address,
  location: location ?? candidate.location,
  parts: candidate.parts,
  source,
});
