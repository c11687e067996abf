import { connectorAccessor } from "../accessor";
import { createArcgisGisConnector } from "./arcgis-gis-connector";
import type { GisConnector } from "./types";

/** The process's one geocoder and GIS adapter, configured from the environment on first use. */
export const gisConnector = connectorAccessor<GisConnector>(() => createArcgisGisConnector());
