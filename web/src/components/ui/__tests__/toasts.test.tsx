import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_TOAST_DURATION_MS, ToastQueue } from "../toast-queue";
import { ToastProvider } from "../toasts";

describe("ToastQueue timing", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps a toast for 5000 ms by default (spec 1 §9)", () => {
    expect(DEFAULT_TOAST_DURATION_MS).toBe(5000);
    const queue = new ToastQueue();
    queue.show("successAdd");
    vi.advanceTimersByTime(4999);
    expect(queue.current()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queue.current()).toHaveLength(0);
  });

  it("honours a custom duration and removes each toast on its own clock", () => {
    const queue = new ToastQueue();
    queue.show("error", "first", 1000);
    vi.advanceTimersByTime(500);
    queue.show("success", "second");
    vi.advanceTimersByTime(500);
    expect(queue.current().map((toast) => toast.message)).toEqual(["second"]);
    vi.advanceTimersByTime(4500);
    expect(queue.current()).toEqual([]);
  });

  it("does not stack a toast identical to one on screen (two panels failing alike, spec 2 §8 X15)", () => {
    const queue = new ToastQueue();
    const first = queue.show("error", "Something went wrong.");
    expect(queue.show("error", "Something went wrong.")).toBe(first);
    queue.show("error", "Another thing");
    expect(queue.current().map((toast) => toast.message)).toEqual(["Something went wrong.", "Another thing"]);
  });

  it("holds a paused toast and restarts the full time on resume", () => {
    const queue = new ToastQueue();
    const id = queue.show("success");
    vi.advanceTimersByTime(4000);
    queue.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(queue.current()).toHaveLength(1);
    queue.resume(id);
    vi.advanceTimersByTime(4999);
    expect(queue.current()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(queue.current()).toHaveLength(0);
  });

  it("tells subscribers about every change", () => {
    const queue = new ToastQueue();
    const seen: number[] = [];
    queue.subscribe((toasts) => seen.push(toasts.length));
    const id = queue.show("success");
    queue.dismiss(id);
    queue.dismiss(id);
    expect(seen).toEqual([1, 0]);
  });
});

describe("ToastProvider", () => {
  it("announces success politely and errors assertively, with the type's standard text", async () => {
    const queue = new ToastQueue();
    render(
      <ToastProvider queue={queue}>
        <p>page</p>
      </ToastProvider>,
    );
    const polite = screen.getByRole("status");
    const assertive = screen.getByRole("alert");
    act(() => {
      queue.show("successUpdate");
      queue.show("errorRemove");
    });
    expect(polite.textContent).toContain("Updated successfully.");
    expect(assertive.textContent).toContain("We could not remove it. Please try again.");
  });

  it("can be dismissed with its button", async () => {
    const queue = new ToastQueue();
    render(<ToastProvider queue={queue}>{null}</ToastProvider>);
    act(() => {
      queue.show("success", "Saved your address");
    });
    await userEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("Saved your address")).toBeNull();
  });

  it("disappears after 5 seconds", () => {
    vi.useFakeTimers();
    try {
      const queue = new ToastQueue();
      render(<ToastProvider queue={queue}>{null}</ToastProvider>);
      act(() => {
        queue.show("success", "Saved");
      });
      expect(screen.getByText("Saved")).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(screen.queryByText("Saved")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
