import { describe, expect, it } from "vitest";
import { splitTexts, TEXT_AREAS } from "../areas";
import en from "../en.json";
import es from "../es.json";

describe("text areas", () => {
  it.each([
    ["en", en],
    ["es", es],
  ])("split %s into start-up texts and areas that together hold every key once", (_language, texts) => {
    const { startup, areas } = splitTexts(texts);
    const keys = [...Object.keys(startup), ...Object.values(areas).flatMap((area) => Object.keys(area ?? {}))];
    expect(keys.sort()).toEqual(Object.keys(texts).sort());
    for (const [area, areaKeys] of Object.entries(TEXT_AREAS)) {
      // A listed key that is not in the texts (renamed?) would load nothing with its pages.
      expect(Object.keys(areas[area as keyof typeof TEXT_AREAS] ?? {}).sort()).toEqual([...areaKeys].sort());
      for (const key of areaKeys) expect(startup).not.toHaveProperty(key);
    }
  });
});
