import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/**
 * Waits until one of the page's alerts says exactly `text`. The toast region always renders an
 * empty role="alert" list beside the page's own alerts, so a lone findByRole("alert") finds two.
 */
export async function expectAlert(text: string): Promise<void> {
  await waitFor(() => expect(screen.getAllByRole("alert").map((node) => node.textContent)).toContain(text));
}
