import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLES } from "../../registry";
import { throttleKey } from "./throttle";

const readme = readFileSync(join(__dirname, "..", "..", "..", "..", "README.md"), "utf8");

const windowText = (seconds: number) =>
  seconds % 86_400 === 0
    ? `${seconds / 86_400 === 1 ? "1 day" : `${seconds / 86_400} days`}`
    : seconds % 3600 === 0
      ? `${seconds / 3600 === 1 ? "1 hour" : `${seconds / 3600} hours`}`
      : `${seconds / 60} minutes`;

describe("throttle rules", () => {
  const rules = ROUTE_TABLES.flatMap((table) =>
    table.routes.flatMap((route) => (route.throttle ?? []).map((rule) => ({ route, rule }))),
  );

  it("the README's security section lists every limit with its count and window", () => {
    for (const { route, rule } of rules) {
      const row = readme.split("\n").find((line) => line.includes(`\`${rule.name}\``) && line.includes(route.path));
      expect(row, `${route.method} ${route.path} ${rule.name}`).toBeDefined();
      const cells = (row ?? "").split("|").map((cell) => cell.trim());
      expect(cells.slice(-3, -1)).toEqual([String(rule.limit), windowText(rule.windowSeconds)]);
    }
  });

  it("a budget shared by several routes has one definition", () => {
    const byName = new Map<string, string>();
    for (const { rule } of rules) {
      // The body field a key is read from may differ by route: the water-link budget counts one
      // customer id, which onboarding names utilityAccountId and the account page customerId.
      const key = typeof rule.key === "object" ? { ...rule.key, field: undefined } : rule.key;
      const definition = JSON.stringify({ ...rule, name: undefined, key });
      expect(byName.get(rule.name) ?? definition, rule.name).toBe(definition);
      byName.set(rule.name, definition);
    }
  });
});

describe("throttleKey", () => {
  const input = { params: {}, query: {}, body: { email: " Maria.Lopez@Example.com " } };
  it("keys by caller, by client address when nobody is signed in, or by a normalised field", () => {
    const base = { name: "t", limit: 1, windowSeconds: 60 };
    expect(throttleKey({ ...base, key: "caller" }, { uid: "u1", clientAddress: "203.0.113.9", input })).toBe("user:u1");
    expect(throttleKey({ ...base, key: "caller" }, { uid: null, clientAddress: "203.0.113.9", input })).toBe(
      "client:203.0.113.9",
    );
    expect(throttleKey({ ...base, key: "client" }, { uid: "u1", clientAddress: "203.0.113.9", input })).toBe(
      "client:203.0.113.9",
    );
    expect(
      throttleKey({ ...base, key: { in: "body", field: "email" } }, { uid: "u1", clientAddress: null, input }),
    ).toBe("field:maria.lopez@example.com");
  });
});

describe("throttleKey for IPv6 clients", () => {
  const base = { name: "t", limit: 1, windowSeconds: 60 };
  const input = { params: {}, query: {}, body: {} };
  const key = (rule: "caller" | "client", clientAddress: string) =>
    throttleKey({ ...base, key: rule }, { uid: null, clientAddress, input });

  it("keys an IPv6 address by its /64, so one line's addresses share one budget (issue 26)", () => {
    expect(key("client", "2001:db8:1:2:aaaa::1")).toBe("client:2001:db8:1:2::/64");
    expect(key("client", "2001:DB8:1:2:ffff:ffff:ffff:fffe")).toBe("client:2001:db8:1:2::/64");
    expect(key("caller", "2001:0db8:0001:0002::9")).toBe("client:2001:db8:1:2::/64");
    expect(key("client", "2001:db8:1:3::1")).not.toBe(key("client", "2001:db8:1:2::1"));
    expect(key("client", "::1")).toBe("client:0:0:0:0::/64");
    expect(key("client", "64:ff9b::203.0.113.5")).toBe("client:64:ff9b:0:0::/64");
  });

  it("keeps an IPv4 address whole", () => {
    expect(key("client", "203.0.113.5")).toBe("client:203.0.113.5");
  });
});
