import { afterEach, describe, expect, it } from "vitest";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { ApiError, api, isRootRelative, resolveApiUrl, setIdTokenSource } from "../api-client";

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe("api client", () => {
  afterEach(() => setIdTokenSource(async () => null));

  it.each([
    ["/auth", true],
    ["/api/auth", true],
    ["//evil.example.com/x", false],
    ["https://api.ipify.org?format=json", false],
    ["relative/path", false],
  ])("treats %s as root-relative: %s", (url, expected) => {
    expect(isRootRelative(url)).toBe(expected);
  });

  it("prefixes /api once", () => {
    expect(resolveApiUrl("/auth")).toBe("/api/auth");
    expect(resolveApiUrl("/api/auth")).toBe("/api/auth");
    expect(resolveApiUrl("/apiary")).toBe("/api/apiary");
    expect(resolveApiUrl("https://example.com/a")).toBe("https://example.com/a");
  });

  it("sends the bearer token to root-relative paths only", async () => {
    setIdTokenSource(async () => "id-token-123");
    const fetchMock = fakeFetch(() => json({ ok: true }));
    await api.get("/featureflags?id=u1");
    await api.get("https://api.ipify.org?format=json");
    await api.get("//cdn.example.com/x.json");

    const [first, second, third] = fetchMock.mock.calls;
    expect(first?.[0]).toBe("/api/featureflags?id=u1");
    expect(headerOf(first?.[1], "Authorization")).toBe("Bearer id-token-123");
    expect(second?.[0]).toBe("https://api.ipify.org?format=json");
    expect(headerOf(second?.[1], "Authorization")).toBeNull();
    expect(headerOf(third?.[1], "Authorization")).toBeNull();
  });

  it("sends no Authorization header when nobody is signed in", async () => {
    const fetchMock = fakeFetch(() => json({}));
    await api.get("/auth");
    expect(headerOf(fetchMock.mock.calls[0]?.[1], "Authorization")).toBeNull();
  });

  it("sends JSON bodies", async () => {
    const fetchMock = fakeFetch(() => json({ saved: true }));
    const result = await api.put<{ saved: boolean }>("/users", { Language: "es" });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(result).toEqual({ saved: true });
    expect(init?.method).toBe("PUT");
    expect(init?.body).toBe('{"Language":"es"}');
    expect(headerOf(init, "Content-Type")).toBe("application/json");
  });

  it("turns the JSON error shape into a typed ApiError", async () => {
    fakeFetch(() =>
      json({ error: { code: "bad_request", message: "Invalid input", fields: { zip: "Invalid" } } }, 400),
    );
    const error = await api.post("/users/profile", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "bad_request",
      message: "Invalid input",
      fields: { zip: "Invalid" },
    });
  });

  it("keeps the status when the error body is not JSON", async () => {
    fakeFetch(() => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }));
    await expect(api.get("/auth")).rejects.toMatchObject({ status: 502, code: "unknown" });
  });

  it("reports a network failure as status 0", async () => {
    fakeFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(api.get("/auth")).rejects.toMatchObject({ status: 0, code: "network" });
  });

  it("answers undefined for 204 No Content", async () => {
    fakeFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete("/notifications/n1")).resolves.toBeUndefined();
  });
});
