import { describe, expect, it } from "vitest";
import { env, parsePortalConfig } from "../env";

describe("runtime config", () => {
  it("accepts the shipped local default (public/runtime-config.js)", () => {
    const config = env();
    expect(config.firebase.projectId).toBe("demo-city-portal");
    expect(config.authEmulatorUrl).toBe("http://127.0.0.1:9099");
    expect(config.externalLinks.residents).toMatch(/^https:\/\//);
    expect(config.fileBox).toEqual({
      apiUrl: "http://127.0.0.1:7105/2.0",
      uploadUrl: "http://127.0.0.1:7105/api/2.0",
    });
  });

  it("fails loudly, naming each bad field", () => {
    const broken = { ...(window.__PORTAL_CONFIG__ as object), authEmulatorUrl: "not a url", firebase: {} };
    expect(() => parsePortalConfig(broken)).toThrow(
      /authEmulatorUrl[\s\S]*firebase\.apiKey|firebase\.apiKey[\s\S]*authEmulatorUrl/,
    );
  });

  it("refuses a file box without its URLs", () => {
    const broken = { ...(window.__PORTAL_CONFIG__ as object), fileBox: { apiUrl: "https://api.box.com/2.0" } };
    expect(() => parsePortalConfig(broken)).toThrow(/fileBox\.uploadUrl/);
  });

  it("takes the board application form as a web URL, null or absent", () => {
    expect(env().boardApplicationUrl).toMatch(/^https:\/\//);
    const base = window.__PORTAL_CONFIG__ as Record<string, unknown>;
    expect(() => parsePortalConfig({ ...base, boardApplicationUrl: "javascript:alert(1)" })).toThrow(
      /boardApplicationUrl/,
    );
    expect(parsePortalConfig({ ...base, boardApplicationUrl: null }).boardApplicationUrl).toBeNull();
    const { boardApplicationUrl: _dropped, ...without } = base;
    expect(parsePortalConfig(without).boardApplicationUrl).toBeUndefined();
  });

  it("refuses a missing config", () => {
    expect(() => parsePortalConfig(undefined)).toThrow(/runtime-config\.js/);
  });
});
