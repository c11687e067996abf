import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import en from "@/locales/en.json";
import { SiteSearch } from "../site-search";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

describe("SiteSearch", () => {
  it("opens /search?term= with what was typed (spec 1 §2.2)", async () => {
    const router = createMemoryRouter(
      [
        { path: "/", element: <SiteSearch id="site-search" /> },
        { path: "/search", element: <Where /> },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.type(screen.getByRole("searchbox", { name: en.Header.SearchLabel }), "garbage day{Enter}");
    expect((await screen.findByTestId("where")).textContent).toBe("/search?term=garbage%20day");
  });
});
