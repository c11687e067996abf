import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

const request = (forwardedFor: string | undefined, peer = "10.0.0.1") => ({
  header: (name: string) => (name.toLowerCase() === "x-forwarded-for" ? forwardedFor : undefined),
  socket: { remoteAddress: peer },
});

describe("clientAddress", () => {
  it("takes the entry the proxy in front appended, never what the client put before it", () => {
    expect(clientAddress(request("198.51.100.7, 203.0.113.5") as never, {})).toBe("203.0.113.5");
    expect(clientAddress(request("203.0.113.5") as never, {})).toBe("203.0.113.5");
  });

  it("uses the socket's peer without a proxy", () => {
    expect(clientAddress(request(undefined, "::ffff:127.0.0.1") as never, {})).toBe("127.0.0.1");
  });

  it("follows TRUSTED_PROXY_HOPS", () => {
    const env = { TRUSTED_PROXY_HOPS: "2" };
    expect(clientAddress(request("198.51.100.7, 203.0.113.5, 10.1.1.1") as never, env)).toBe("203.0.113.5");
    expect(clientAddress(request("203.0.113.5") as never, env)).toBe("10.0.0.1");
  });
});
