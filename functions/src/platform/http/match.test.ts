import { describe, expect, it } from "vitest";
import { matchRoute } from "./match";
import { type AnyRoute, route } from "./route";

const make = (method: AnyRoute["method"], path: string): AnyRoute =>
  route({ method, path, access: "public", summary: path, handler: () => null });

const routes = [
  make("GET", "/api/users/profile/:id"),
  make("GET", "/api/users/profile/me"),
  make("PUT", "/api/users/profile/:id"),
  make("GET", "/api/i18n/processed/:lng/:ns"),
];

describe("matchRoute", () => {
  it("extracts decoded params", () => {
    const match = matchRoute(routes, "GET", "/api/i18n/processed/es/translation");
    expect(match).toMatchObject({ kind: "found", rawParams: { lng: "es", ns: "translation" } });
    const encoded = matchRoute(routes, "GET", "/api/users/profile/a%20b");
    expect(encoded).toMatchObject({ kind: "found", rawParams: { id: "a b" } });
  });

  it("prefers literal segments over params", () => {
    const match = matchRoute(routes, "GET", "/api/users/profile/me");
    expect(match.kind === "found" && match.route.path).toBe("/api/users/profile/me");
  });

  it("tells a wrong method from an unknown path", () => {
    expect(matchRoute(routes, "DELETE", "/api/users/profile/x")).toEqual({ kind: "method", allowed: ["GET", "PUT"] });
    expect(matchRoute(routes, "GET", "/api/users/profile")).toEqual({ kind: "none" });
    expect(matchRoute(routes, "GET", "/api/users/profile/%E0%A4%A")).toEqual({ kind: "none" });
  });

  it("matches a param with a fixed suffix (`:code.xml`) only when the suffix is there", () => {
    const suffixed = [make("GET", "/open311/v2/services/:code.xml"), make("GET", "/open311/v2/services/:code.json")];
    const xml = matchRoute(suffixed, "GET", "/open311/v2/services/pothole.xml");
    expect(xml).toMatchObject({ kind: "found", rawParams: { code: "pothole" } });
    expect(xml.kind === "found" && xml.route.path).toBe("/open311/v2/services/:code.xml");
    const json = matchRoute(suffixed, "GET", "/open311/v2/services/a%2Eb.json");
    expect(json).toMatchObject({ kind: "found", rawParams: { code: "a.b" } });
    expect(matchRoute(suffixed, "GET", "/open311/v2/services/.xml")).toEqual({ kind: "none" });
    expect(matchRoute(suffixed, "GET", "/open311/v2/services/pothole.csv")).toEqual({ kind: "none" });
  });
});
