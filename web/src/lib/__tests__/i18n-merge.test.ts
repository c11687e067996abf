import { describe, expect, it } from "vitest";
import { alreadyContains } from "../i18n";

describe("alreadyContains (server texts merged only when they change something)", () => {
  const bundled = { Home: { Intro: "Welcome", Title: "Home" }, Footer: { Phone: "(847) 931-6100" } };

  it.each<[string, unknown, boolean]>([
    ["the same texts", { Home: { Intro: "Welcome" }, Footer: { Phone: "(847) 931-6100" } }, true],
    ["nothing", {}, true],
    ["an edited text", { Home: { Intro: "Welcome to Elgin" } }, false],
    ["a new key", { Home: { Banner: "New" } }, false],
    ["a new group", { Alerts: { Title: "Alert" } }, false],
    ["a text where a group was", { Home: "Home" }, false],
    ["a group where a text was", { Home: { Intro: { Short: "Hi" } } }, false],
  ])("%s -> %s", (_label, incoming, expected) => {
    expect(alreadyContains(bundled, incoming)).toBe(expected);
  });
});
