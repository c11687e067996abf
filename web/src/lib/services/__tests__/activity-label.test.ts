import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { activityItemKey, activityLabel } from "../activity-label";

async function translator(resources: Record<string, unknown>) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: "es",
    fallbackLng: "en",
    resources: { es: { translation: resources }, en: { translation: {} } },
  });
  return instance.t;
}

describe("activityLabel", () => {
  const service = { Id: "abc123", Item: "Borrow a park shelter" };

  it("uses Activity.Item.<Id> when an admin translated it", async () => {
    const t = await translator({ Activity: { Item: { abc123: "Reservar un refugio" } } });
    expect(activityItemKey("abc123")).toBe("Activity.Item.abc123");
    expect(activityLabel(t, service)).toBe("Reservar un refugio");
  });

  it("falls back to a translation keyed by the English name, then to Item", async () => {
    expect(activityLabel(await translator({ "Borrow a park shelter": "Refugio" }), service)).toBe("Refugio");
    expect(activityLabel(await translator({}), service)).toBe("Borrow a park shelter");
    expect(activityLabel(await translator({}), { Id: "x", Item: "Pay v1.2 fees: now" })).toBe("Pay v1.2 fees: now");
  });
});
