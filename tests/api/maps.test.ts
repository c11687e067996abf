import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { gisAddresses } from "../../emulators/src/seed/gis.ts";
import type { AddressCandidate, AddressSuggestion, MapLayer } from "../../functions/src/contract/maps.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** A seeded house with no unit, so its number and street find it alone. */
const house = (() => {
  const found = gisAddresses().find(({ parcel }) => !parcel.UnitName__c);
  if (!found) throw new Error("seed: no house");
  return found;
})();
const gis = () => sandboxControl(stackInfo().sandboxes.gis as string);
const resident = async () => (await principal("resident")).idToken;

describe("the address step's geocoder and layers (/api/maps/*)", () => {
  it("suggests addresses for typed text, and the chosen suggestion geocodes to its parcel", async () => {
    const token = await resident();
    const typed = `${house.parcel.AddNum__c} ${house.parcel.StName__c.slice(0, 4).toLowerCase()}`;
    const suggest = await callApi<{ suggestions: AddressSuggestion[] }>(
      "GET",
      `/api/maps/suggest?text=${encodeURIComponent(typed)}`,
      { token },
    );
    expect(suggest.status).toBe(200);
    const suggestion = suggest.body.suggestions.find(({ text }) => text === house.label);
    expect(suggestion).toBeDefined();
    expect(suggest.body.suggestions.length).toBeLessThanOrEqual(5);

    const query = new URLSearchParams({ address: house.label, magicKey: suggestion?.magicKey ?? "" });
    const geocode = await callApi<{ candidates: AddressCandidate[] }>("GET", `/api/maps/geocode?${query}`, { token });
    expect(geocode.status).toBe(200);
    expect(geocode.body.candidates[0]).toEqual({
      address: house.label,
      location: { lat: house.parcel.Latitude__c, lng: house.parcel.Longitude__c },
      score: 100,
      parts: {
        AddNum: house.parcel.AddNum__c,
        StName: house.parcel.StName__c,
        StType: house.parcel.StType__c,
        Postal: house.parcel.Postal__c,
        UnitName: "",
      },
    });
  });

  it("answers no candidates for an address the city lacks (the page shows Report.NoAddressFound)", async () => {
    const answer = await callApi<{ candidates: AddressCandidate[] }>(
      "GET",
      "/api/maps/geocode?address=99999%20Nowhere%20Blvd",
      {
        token: await resident(),
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.candidates).toEqual([]);
  });

  it("reverse-geocodes a pin to the nearest address, and answers null far from any", async () => {
    const token = await resident();
    const near = await callApi<{ candidate: AddressCandidate | null }>(
      "GET",
      `/api/maps/reverse?lat=${house.parcel.Latitude__c + 0.00001}&lng=${house.parcel.Longitude__c}`,
      { token },
    );
    expect(near.status).toBe(200);
    expect(near.body.candidate?.address).toBe(house.label);
    const nowhere = await callApi<{ candidate: AddressCandidate | null }>(
      "GET",
      "/api/maps/reverse?lat=42.15&lng=-88.45",
      {
        token,
      },
    );
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.candidate).toBeNull();
    // Outside the city the GIS service is not even asked.
    const before = (await gis().counters()).total;
    const abroad = await callApi<{ candidate: AddressCandidate | null }>(
      "GET",
      "/api/maps/reverse?lat=48.85&lng=2.35",
      { token },
    );
    expect(abroad.body.candidate).toBeNull();
    expect((await gis().counters()).total).toBe(before);
  });

  it("serves the parcel layer of a view as GeoJSON and refuses a box larger than a map view", async () => {
    const token = await resident();
    const { Latitude__c: lat, Longitude__c: lng } = house.parcel;
    const box = new URLSearchParams({
      south: String(lat - 0.002),
      west: String(lng - 0.003),
      north: String(lat + 0.002),
      east: String(lng + 0.003),
    });
    const parcels = await callApi<MapLayer>("GET", `/api/maps/layers/parcels?${box}`, { token });
    expect(parcels.status).toBe(200);
    expect(parcels.body.type).toBe("FeatureCollection");
    expect(parcels.body.features.some((feature) => feature.properties.FULL_ADDRESS === house.label)).toBe(true);
    const zoning = await callApi<MapLayer>("GET", `/api/maps/layers/zoning?${box}`, { token });
    expect(zoning.status).toBe(200);
    expect(zoning.body.features.length).toBeGreaterThan(0);

    const tooBig = new URLSearchParams({ south: "41.9", west: "-88.5", north: "42.2", east: "-88.1" });
    const refused = await callApi<{ error: { code: string } }>("GET", `/api/maps/layers/parcels?${tooBig}`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("bad_request");
  });

  it("serves the address layer of a view (T10): one point per address where the geocoder puts it, with its line and house number; nothing outside the view", async () => {
    const token = await resident();
    const { Latitude__c: lat, Longitude__c: lng } = house.parcel;
    const view = { south: lat - 0.002, west: lng - 0.003, north: lat + 0.002, east: lng + 0.003 };
    const box = new URLSearchParams(Object.entries(view).map(([name, value]) => [name, String(value)]));
    const answer = await callApi<MapLayer>("GET", `/api/maps/layers/addresses?${box}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.type).toBe("FeatureCollection");
    const point = answer.body.features.find((feature) => feature.properties.FULL_ADDRESS === house.label);
    expect(point).toMatchObject({
      geometry: { type: "Point", coordinates: [lng, lat] },
      properties: { FULL_ADDRESS: house.label, ADD_NUM: house.parcel.AddNum__c },
    });
    // Every seeded address inside the view is there (the route snaps the view outward, never inward).
    const inView = gisAddresses().filter(
      ({ parcel }) =>
        parcel.Latitude__c > view.south &&
        parcel.Latitude__c < view.north &&
        parcel.Longitude__c > view.west &&
        parcel.Longitude__c < view.east,
    );
    expect(inView.length).toBeGreaterThan(5);
    const labels = new Set(answer.body.features.map((feature) => feature.properties.FULL_ADDRESS));
    for (const address of inView) expect(labels.has(address.label)).toBe(true);
    for (const feature of answer.body.features) {
      expect(feature.geometry.type).toBe("Point");
      expect(Object.keys(feature.properties).sort()).toEqual(["ADD_NUM", "FULL_ADDRESS"]);
    }
    // A view with no houses answers an empty layer, not an error.
    const empty = new URLSearchParams({ south: "42.15", west: "-88.45", north: "42.152", east: "-88.447" });
    const none = await callApi<MapLayer>("GET", `/api/maps/layers/addresses?${empty}`, { token });
    expect(none.status).toBe(200);
    expect(none.body.features).toEqual([]);
  });

  it("serves the street base map's tiles to anyone, as PNGs every cache may keep a day; none outside the city", async () => {
    const { Latitude__c: lat, Longitude__c: lng } = house.parcel;
    const rad = (lat * Math.PI) / 180;
    const x = Math.floor(((lng + 180) / 360) * 2 ** 16);
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** 16);
    // No token: the map's <img> tiles send none.
    const tile = await fetch(`${stackInfo().portalUrl}/api/maps/tiles/16/${x}/${y}`);
    expect(tile.status).toBe(200);
    expect(tile.headers.get("content-type")).toBe("image/png");
    expect(tile.headers.get("cache-control")).toBe("public, max-age=86400");
    const bytes = new Uint8Array(await tile.arrayBuffer());
    expect([...bytes.subarray(1, 4)].map((code) => String.fromCharCode(code)).join("")).toBe("PNG");
    // Chicago's loop at zoom 16 is outside the city: 404 without asking the GIS.
    const before = (await gis().counters()).total;
    const outside = await fetch(`${stackInfo().portalUrl}/api/maps/tiles/16/16814/24363`);
    expect(outside.status).toBe(404);
    expect((await gis().counters()).total).toBe(before);
  });

  it("answers 503 when the GIS service is down, and works again once it is back", async () => {
    const token = await resident();
    await gis().setFaults({ down: true });
    try {
      const down = await callApi<{ error: { code: string } }>("GET", "/api/maps/suggest?text=zz%20down%20test", {
        token,
      });
      expect(down.status).toBe(503);
      expect(down.body.error.code).toBe("unavailable");
    } finally {
      await gis().reset();
    }
    const back = await callApi("GET", "/api/maps/suggest?text=zz%20down%20test", { token });
    expect(back.status).toBe(200);
  });
});
