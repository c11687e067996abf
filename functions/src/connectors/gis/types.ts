export interface LatLng {
  lat: number;
  lng: number;
}

/** South-west and north-east corners of a map view. */
export interface BoundingBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface AddressSuggestion {
  text: string;
  /** Hands the chosen suggestion back to geocode() for an exact match. */
  magicKey: string;
}

/** The parts the CRM's land-parcel lookup takes (AddNum, StName, StType, Postal, UnitName). */
export interface AddressParts {
  AddNum: string;
  StName: string;
  StType: string;
  Postal: string;
  UnitName: string;
}

export interface GeocodeCandidate {
  address: string;
  location: LatLng;
  /** 0..100, how well the candidate matches the text. */
  score: number;
  parts: AddressParts;
}

export interface GeoJsonPolygonFeature {
  type: "Feature";
  id?: number | string;
  geometry: { type: "Polygon"; coordinates: [number, number][][] };
  properties: Record<string, string | number | boolean | null>;
}

export interface GeoJsonFeatureCollection {
  type: "FeatureCollection";
  features: GeoJsonPolygonFeature[];
}

/** An address point of the GIS address layer: where the address is, [lng, lat], and its fields. */
export interface GeoJsonPointFeature {
  type: "Feature";
  id?: number | string;
  geometry: { type: "Point"; coordinates: [number, number] };
  properties: Record<string, string | number | boolean | null>;
}

export interface GeoJsonPointCollection {
  type: "FeatureCollection";
  features: GeoJsonPointFeature[];
}

/** A city asset as the GIS asset layer keeps it (issue 33): a point with its tag and street. */
export interface GisAsset {
  id: string;
  /** The layer's ASSET_TYPE: STREETLIGHT, HYDRANT or SIGN. */
  type: string;
  street: string;
  location: LatLng;
}

export interface GisConnector {
  suggest(text: string, maxSuggestions?: number): Promise<AddressSuggestion[]>;
  /** Best candidates first; empty when nothing matches. */
  geocode(address: string, magicKey?: string): Promise<GeocodeCandidate[]>;
  /** The nearest address, or null when there is none near the point. */
  reverseGeocode(point: LatLng): Promise<GeocodeCandidate | null>;
  parcels(box: BoundingBox): Promise<GeoJsonFeatureCollection>;
  zoning(box: BoundingBox): Promise<GeoJsonFeatureCollection>;
  /** The address points inside a box (the map's address layer, spec 3 §7), each with FULL_ADDRESS and ADD_NUM. */
  addresses(box: BoundingBox): Promise<GeoJsonPointCollection>;
  /** The assets of one type (STREETLIGHT, HYDRANT, SIGN) inside a box. */
  assets(type: string, box: BoundingBox): Promise<GisAsset[]>;
  /** One 256-pixel PNG of the street base map (Web Mercator tile z/x/y); not_found outside the service. */
  basemapTile(zoom: number, x: number, y: number): Promise<Uint8Array>;
}
