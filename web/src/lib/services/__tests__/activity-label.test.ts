import { describe, expect, it } from "vitest";
import { spanishTranslator } from "@/testing/spanish-translator";
import { activityItemKey, activityLabel } from "../activity-label";

describe("activityLabel", () => {
  const service = { Id: "abc123", Item: "Borrow a park shelter" };

  it("uses Activity.Item.<Id> when an admin translated it", async () => {
    const t = await spanishTranslator({ Activity: { Item: { abc123: "Reservar un refugio" } } });
    expect(activityItemKey("abc123")).toBe("Activity.Item.abc123");
    expect(activityLabel(t, service)).toBe("Reservar un refugio");
  });

  it("falls back to a translation keyed by the English name, then to Item", async () => {
    expect(activityLabel(await spanishTranslator({ "Borrow a park shelter": "Refugio" }), service)).toBe("Refugio");
    expect(activityLabel(await spanishTranslator({}), service)).toBe("Borrow a park shelter");
    expect(activityLabel(await spanishTranslator({}), { Id: "x", Item: "Pay v1.2 fees: now" })).toBe(
      "Pay v1.2 fees: now",
    );
  });
});
