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
});
