import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { gisSandbox } from "../../emulators/src/sandboxes/gis/index.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { cityAssets, gisAddresses } from "../../emulators/src/seed/gis.ts";
import { createArcgisGisConnector } from "../../functions/src/connectors/gis/arcgis-gis-connector";
import { gisConfigFromEnv } from "../../functions/src/connectors/gis/config";
import type { ConnectorError } from "../../functions/src/platform/connector-error";
import { connectorFailure } from "../kit/connector-error.ts";
import { timeWhileSlow, useSandbox } from "../kit/sandbox.ts";

const gis = () => createArcgisGisConnector();
const parcel = city().parcels.find((candidate) => !candidate.UnitName__c && candidate.StName__c === "SPRING");
if (!parcel) throw new Error("seed: no parcel on Spring St");
/** A view of a few blocks around the default map centre. */
const downtown = { south: 42.036, west: -88.288, north: 42.044, east: -88.276 };

async function expectConnectorError(work: Promise<unknown>, kind: ConnectorError["kind"]) {
  expect(await connectorFailure(work)).toMatchObject({ system: "gis", kind });
}

const running = useSandbox(gisSandbox, { GIS_TIMEOUT_MS: "2000" });

describe("geocoder", () => {
  it("suggests addresses as the user types, and a suggestion geocodes exactly", async () => {
    const suggestions = await gis().suggest(`${parcel.AddNum__c} spring`);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions[0]?.text).toMatch(new RegExp(`^${parcel.AddNum__c} Spring St`));
    const [best] = await gis().geocode(suggestions[0]?.text ?? "", suggestions[0]?.magicKey);
    expect(best).toMatchObject({ score: 100, parts: { AddNum: parcel.AddNum__c, StName: "SPRING", StType: "ST" } });
  });

  it("geocodes a typed address to the parcel's location and its CRM address parts", async () => {
    const candidates = await gis().geocode(`${parcel.AddNum__c} Spring St, Elgin, IL`);
    expect(candidates[0]).toEqual({
      address: `${parcel.AddNum__c} Spring St, Elgin, Illinois, ${parcel.Postal__c}`,
      location: { lat: parcel.Latitude__c, lng: parcel.Longitude__c },
      score: 100,
      parts: { AddNum: parcel.AddNum__c, StName: "SPRING", StType: "ST", Postal: parcel.Postal__c, UnitName: "" },
    });
  });

  it("answers no candidates for an address that is not in the city", async () => {
    expect(await gis().geocode("99999 Nowhere Rd")).toEqual([]);
  });

  it("reverse geocodes a point next to a parcel to its address, and open country to null", async () => {
    const found = await gis().reverseGeocode({ lat: parcel.Latitude__c + 0.00002, lng: parcel.Longitude__c });
    expect(found?.parts).toMatchObject({ AddNum: parcel.AddNum__c, StName: "SPRING" });
    expect(await gis().reverseGeocode({ lat: 41.5, lng: -88.9 })).toBeNull();
  });

  it("refuses an empty query as rejected", async () => {
    await expectConnectorError(gis().geocode("  "), "rejected");
  });
});

describe("layers", () => {
  it("answers parcels inside a view as GeoJSON polygons with their address and zoning", async () => {
    const parcels = await gis().parcels(downtown);
    expect(parcels.type).toBe("FeatureCollection");
    expect(parcels.features.length).toBeGreaterThan(20);
    for (const feature of parcels.features) {
      expect(feature.geometry.type).toBe("Polygon");
      const [lng, lat] = feature.geometry.coordinates[0]?.[0] ?? [];
      expect(lat).toBeGreaterThan(downtown.south - 0.001);
      expect(lng).toBeLessThan(downtown.east + 0.001);
      expect(feature.properties).toMatchObject({ PIN: expect.stringMatching(/^\d{2}-\d{2}-\d{3}-\d{3}$/) });
    }
    const inView = city().parcels.filter(
      (candidate) =>
        candidate.Latitude__c > downtown.south + 0.0001 &&
        candidate.Latitude__c < downtown.north - 0.0001 &&
        candidate.Longitude__c > downtown.west + 0.0001 &&
        candidate.Longitude__c < downtown.east - 0.0001,
    );
    const addresses = new Set(parcels.features.map((feature) => feature.properties.SITE_ADDRESS));
    for (const candidate of inView) expect(addresses.has(candidate.Name)).toBe(true);
  });

  it("answers zoning districts in a view with their codes, and nothing far away", async () => {
    const zoning = await gis().zoning(downtown);
    expect(zoning.features.length).toBeGreaterThan(0);
    expect(new Set(zoning.features.map((feature) => feature.properties.ZONE_CODE)).size).toBeGreaterThan(1);
    expect((await gis().zoning({ south: 41, west: -89, north: 41.01, east: -88.99 })).features).toEqual([]);
  });

  it("answers the address points in a view (T10, the map's address layer): each address once, where the geocoder puts it, with its line and house number", async () => {
    const points = await gis().addresses(downtown);
    expect(points.type).toBe("FeatureCollection");
    const seeded = gisAddresses().filter(
      ({ parcel: { Latitude__c: lat, Longitude__c: lng } }) =>
        lat >= downtown.south && lat <= downtown.north && lng >= downtown.west && lng <= downtown.east,
    );
    expect(seeded.length).toBeGreaterThan(20);
    expect(points.features.map((feature) => feature.properties.FULL_ADDRESS).sort()).toEqual(
      seeded.map((address) => address.label).sort(),
    );
    const first = seeded[0];
    expect(points.features.find((feature) => feature.properties.FULL_ADDRESS === first?.label)).toMatchObject({
      type: "Feature",
      geometry: { type: "Point", coordinates: [first?.parcel.Longitude__c, first?.parcel.Latitude__c] },
      // Only the fields the adapter asks for (outFields), not the layer's whole record.
      properties: { FULL_ADDRESS: first?.label, ADD_NUM: first?.parcel.AddNum__c },
    });
    // The geocoder places the same address at the same point: the layer and the pin agree.
    const [geocoded] = await gis().geocode(first?.label as string);
    expect(geocoded?.location).toEqual({ lat: first?.parcel.Latitude__c, lng: first?.parcel.Longitude__c });
    expect((await gis().addresses({ south: 41, west: -89, north: 41.01, east: -88.99 })).features).toEqual([]);
  });

  it("treats an address layer answering polygons (a misconfigured layer URL) as the service failing: unavailable", async () => {
    const config = gisConfigFromEnv();
    const misconfigured = createArcgisGisConnector({ ...config, addressesLayerUrl: config.parcelsLayerUrl });
    await expectConnectorError(misconfigured.addresses(downtown), "unavailable");
  });

  it("answers the city's assets of one type in a view as points with their tag and street (issue 33)", async () => {
    const lights = await gis().assets("STREETLIGHT", downtown);
    const seeded = cityAssets().filter(
      ({ type, point: [lng, lat] }) =>
        type === "STREETLIGHT" &&
        lat >= downtown.south &&
        lat <= downtown.north &&
        lng >= downtown.west &&
        lng <= downtown.east,
    );
    expect(seeded.length).toBeGreaterThan(20);
    expect(lights.map((asset) => asset.id).sort()).toEqual(seeded.map((asset) => asset.id).sort());
    const first = seeded[0];
    expect(lights.find((asset) => asset.id === first?.id)).toEqual({
      id: first?.id,
      type: "STREETLIGHT",
      street: first?.street,
      location: { lat: first?.point[1], lng: first?.point[0] },
    });
    const hydrants = await gis().assets("HYDRANT", downtown);
    expect(hydrants.length).toBeGreaterThan(0);
    expect(hydrants.every((asset) => asset.type === "HYDRANT" && asset.id.startsWith("HY-"))).toBe(true);
    expect(await gis().assets("STREETLIGHT", { south: 41, west: -89, north: 41.01, east: -88.99 })).toEqual([]);
  });
});

/** The Web Mercator tile holding a point. */
function tileAt(lat: number, lng: number, zoom: number) {
  const n = 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}

describe("street base map", () => {
  it("answers a 256-pixel PNG tile, with streets drawn where the seeded streets run", async () => {
    const { x, y } = tileAt(parcel.Latitude__c, parcel.Longitude__c, 16);
    const png = await gis().basemapTile(16, x, y);
    const image = sharp(Buffer.from(png));
    expect(await image.metadata()).toMatchObject({ format: "png", width: 256, height: 256 });
    // A street is white on the land's colour: a tile on Spring St has white pixels.
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let index = 0; index < data.length; index += info.channels) {
      if (data[index] === 255 && data[index + 1] === 255 && data[index + 2] === 255) white += 1;
    }
    expect(white).toBeGreaterThan(500);
  });

  it("answers not_found for a tile the service does not have, unavailable when it fails", async () => {
    await expectConnectorError(gis().basemapTile(3, 9, 0), "not_found");
    await running.control.setFaults({ failureRate: 1 });
    const { x, y } = tileAt(42.04, -88.28, 15);
    await expectConnectorError(gis().basemapTile(15, x, y), "unavailable");
  });
});

describe("faults and counters", () => {
  it("gives up on a slow service within the adapter's timeout: unavailable", async () => {
    const elapsed = await timeWhileSlow(running.control, "GIS_TIMEOUT_MS", async () => {
      await expectConnectorError(gis().geocode("1 Spring St"), "unavailable");
    });
    expect(elapsed).toBeLessThan(1000);
  });

  it("maps the service's own failures (failureRate 1, an error body with HTTP 200) to unavailable", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectConnectorError(gis().parcels(downtown), "unavailable");
    await expectConnectorError(gis().addresses(downtown), "unavailable");
    await expectConnectorError(gis().reverseGeocode({ lat: 42.04, lng: -88.28 }), "unavailable");
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await running.control.setFaults({ down: true });
    await expectConnectorError(gis().suggest("1"), "unavailable");
  });

  it("counts requests per route", async () => {
    await gis().suggest("1");
    await gis().zoning(downtown);
    await gis().zoning(downtown);
    const counters = await running.control.counters();
    expect(counters.total).toBe(3);
    expect(counters.byRoute["GET /arcgis/rest/services/Zoning/FeatureServer/0/query"]).toBe(2);
  });
});
