import { act } from "@testing-library/react";

/**
 * What a hosted frame's script does: posts `data` to the page from `origin` (and, when the page
 * checks it, from the frame's own window as `source`). The page's listeners run inside act().
 */
export function postFromFrame(origin: string, data: unknown, source: Window | null = null): void {
  act(() => {
    window.dispatchEvent(new MessageEvent("message", { origin, data, source }));
  });
}
