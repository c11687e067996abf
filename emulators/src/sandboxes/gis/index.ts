import express from "express";
import { cityAssets, gisAddresses, parcelRing, zoningBlocks } from "../../seed/gis.ts";
import type { SandboxDefinition } from "../kit.ts";
import { arcgisError } from "./arcgis-error.ts";
import { basemapTiles } from "./basemap-tiles.ts";
import { featureLayerRoutes } from "./feature-routes.ts";
import { geocodeRoutes } from "./geocode-routes.ts";

const SERVICES = "/arcgis/rest/services";

/**
 * ArcGIS-like geocoder and GIS layers for the seeded district around 42.04, -88.28: a
 * GeocodeServer, four FeatureServer layers (parcels, zoning, the address points, and the city's
 * assets: streetlights, hydrants and signs as points, issue 33) answering GeoJSON, and a MapServer
 * whose cached tiles are the street base map (basemap-tiles.ts).
 */
export const gisSandbox: SandboxDefinition = {
  name: "gis",
  createApp: () => {
    const addresses = gisAddresses();
    const parcels = addresses.map(({ parcel, label }, index) => ({
      id: index + 1,
      ring: parcelRing(parcel),
      properties: {
        PIN: parcel.Parcel_Number__c,
        SITE_ADDRESS: parcel.Name,
        FULL_ADDRESS: label,
        ZONING: parcel.Parcel_Primary_Zoning__c.split(" ")[0] ?? "",
        LAND_USE: parcel.Parcel_Current_Land_Use__c,
        HISTORIC_DISTRICT: parcel.Historic_District__c,
      },
    }));
    const zoning = zoningBlocks().map((block) => ({
      id: block.id,
      ring: block.ring,
      properties: { ZONE_CODE: block.code, ZONE_DESC: block.description, STREET: block.street },
    }));
    // One point per address, where the geocoder places it: an address layer as cities publish them.
    const addressPoints = addresses.map(({ parcel, label }, index) => ({
      id: index + 1,
      point: [parcel.Longitude__c, parcel.Latitude__c] as [number, number],
      properties: {
        FULL_ADDRESS: label,
        ADD_NUM: parcel.AddNum__c,
        ST_NAME: parcel.StName__c,
        ST_TYPE: parcel.StType__c,
        UNIT: parcel.UnitName__c ?? "",
        POSTAL: parcel.Postal__c,
        PIN: parcel.Parcel_Number__c,
      },
    }));
    const assets = cityAssets().map((asset, index) => ({
      id: index + 1,
      point: asset.point,
      properties: { ASSET_ID: asset.id, ASSET_TYPE: asset.type, STREET: asset.street },
    }));
    const app = express();
    app.use(`${SERVICES}/Locators/Elgin/GeocodeServer`, geocodeRoutes(addresses));
    app.use(`${SERVICES}/Parcels/FeatureServer/0`, featureLayerRoutes("Parcels", parcels));
    app.use(`${SERVICES}/Zoning/FeatureServer/0`, featureLayerRoutes("Zoning", zoning));
    app.use(
      `${SERVICES}/Addresses/FeatureServer/0`,
      featureLayerRoutes("Address points", addressPoints, "esriGeometryPoint"),
    );
    app.use(`${SERVICES}/CityAssets/FeatureServer/0`, featureLayerRoutes("City assets", assets, "esriGeometryPoint"));
    const tile = basemapTiles();
    app.get(`${SERVICES}/Basemap/MapServer/tile/:level/:row/:col`, async (req, res) => {
      const [level, row, col] = [req.params.level, req.params.row, req.params.col].map(Number) as [
        number,
        number,
        number,
      ];
      const size = 2 ** level;
      if (
        ![level, row, col].every(Number.isInteger) ||
        level > 20 ||
        row < 0 ||
        col < 0 ||
        row >= size ||
        col >= size
      ) {
        res.status(404).type("text/plain").send("Tile not found.");
        return;
      }
      res.type("image/png").send(await tile(level, col, row));
    });
    return app;
  },
  env: (baseUrl) => ({
    GIS_GEOCODER_URL: `${baseUrl}${SERVICES}/Locators/Elgin/GeocodeServer`,
    GIS_PARCELS_LAYER_URL: `${baseUrl}${SERVICES}/Parcels/FeatureServer/0`,
    GIS_ZONING_LAYER_URL: `${baseUrl}${SERVICES}/Zoning/FeatureServer/0`,
    GIS_ADDRESSES_LAYER_URL: `${baseUrl}${SERVICES}/Addresses/FeatureServer/0`,
    GIS_BASEMAP_URL: `${baseUrl}${SERVICES}/Basemap/MapServer`,
    GIS_ASSETS_LAYER_URL: `${baseUrl}${SERVICES}/CityAssets/FeatureServer/0`,
  }),
  fail: (_req, res) => arcgisError(res, 500, "Unable to complete operation.", ["Service is unavailable."]),
};
