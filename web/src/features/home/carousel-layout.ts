import { NEWS_MINIMUM_ITEMS } from "@contract/feeds";

/** Slides shown at once (spec 1 §9): 1 below 750 px, 2 below 1400 px, else 3; signed-in pages cap at 2. */
export function slidesPerView(width: number, signedIn = false): number {
  const slides = width < 750 ? 1 : width < 1400 ? 2 : 3;
  return signedIn ? Math.min(slides, 2) : slides;
}

export type CarouselEntry<T> = { kind: "item"; item: T } | { kind: "more"; key: string };

/** Pads the list to the minimum with "more news" entries, so the carousel never looks empty. */
export function padNews<T>(items: readonly T[], minimum = NEWS_MINIMUM_ITEMS): CarouselEntry<T>[] {
  const entries: CarouselEntry<T>[] = items.map((item) => ({ kind: "item", item }));
  for (let index = entries.length; index < minimum; index++) entries.push({ kind: "more", key: `more-${index}` });
  return entries;
}

/** The indexes visible from a start position, wrapping around. */
export function visibleIndexes(start: number, perView: number, total: number): number[] {
  const count = Math.min(perView, total);
  return Array.from({ length: count }, (_, offset) => (((start + offset) % total) + total) % total);
}
