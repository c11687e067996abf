import { describe, expect, it } from "vitest";
import { padNews, slidesPerView, visibleIndexes } from "../carousel-layout";

describe("news carousel sizes (spec 1 §9)", () => {
  it.each([
    [320, 1],
    [749, 1],
    [750, 2],
    [1399, 2],
    [1400, 3],
    [1920, 3],
  ])("%i px shows %i slides", (width, slides) => {
    expect(slidesPerView(width)).toBe(slides);
  });

  it("signed-in layouts cap at 2 slides", () => {
    expect(slidesPerView(1920, true)).toBe(2);
    expect(slidesPerView(600, true)).toBe(1);
  });

  it("pads news to at least 3 and leaves longer lists alone", () => {
    expect(padNews([]).map((entry) => entry.kind)).toEqual(["more", "more", "more"]);
    expect(padNews(["a"]).map((entry) => entry.kind)).toEqual(["item", "more", "more"]);
    expect(padNews(["a", "b", "c", "d"])).toHaveLength(4);
  });

  it("wraps the visible window around the list", () => {
    expect(visibleIndexes(0, 3, 5)).toEqual([0, 1, 2]);
    expect(visibleIndexes(4, 3, 5)).toEqual([4, 0, 1]);
    expect(visibleIndexes(-1, 2, 5)).toEqual([4, 0]);
    expect(visibleIndexes(0, 3, 2)).toEqual([0, 1]);
  });
});
