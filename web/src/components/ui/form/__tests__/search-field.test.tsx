import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SearchField } from "../search-field";

describe("SearchField", () => {
  it("is a labelled search box in a search landmark; Enter sends the trimmed term", async () => {
    const onSearch = vi.fn();
    render(<SearchField id="site" label="Search the site" buttonText="Search" onSearch={onSearch} />);
    // jsdom's role table predates <search>; browsers expose it as the search landmark.
    expect(document.getElementById("site")?.tagName).toBe("SEARCH");
    await userEvent.type(screen.getByRole("searchbox", { name: "Search the site" }), "  water bill {Enter}");
    expect(onSearch).toHaveBeenCalledWith("water bill");
  });

  it("keeps focus in the empty box instead of searching for nothing", async () => {
    const onSearch = vi.fn();
    render(<SearchField id="site" label="Search the site" buttonText="Search" onSearch={onSearch} />);
    await userEvent.type(screen.getByRole("searchbox"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onSearch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole("searchbox"));
  });
});
