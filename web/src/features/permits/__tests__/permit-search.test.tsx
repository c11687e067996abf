import type { PermitSearchPage } from "@contract/permits";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { PermitSearch } from "../components/permit-search";

/** Permit search (spec 3 §2, §5, §8: audit items Q01, Q04, Q06). */

const page: PermitSearchPage = {
  rows: [
    {
      ApplicationNumber: "1042",
      ApplicationYear: "2026",
      StreetNumber: "138",
      StreetName: "HIGHLAND",
      StreetSuffix: "AVE",
      Name: "LOPEZ MARIA",
    },
  ],
  page: 0,
  pageSize: 25,
  total: 1,
  capped: false,
};

function renderSearch(answer: "rows" | "fail" = "rows") {
  const calls = fakeFetch(({ url }) => {
    if (!url.startsWith("/api/permits/")) return undefined;
    return answer === "fail" ? json({ error: { code: "unavailable", message: "down" } }, 503) : json(page);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/permit-search"]}>
        <PermitSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const searched = () =>
    calls.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith("/api/permits/search"))
      .map((url) => Object.fromEntries(new URLSearchParams(url.split("?")[1])));
  return { searched };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const search = () => fireEvent.click(screen.getByRole("button", { name: en.Permits.Search }));

afterEach(() => vi.useRealTimers());

describe("permit search modes (spec 3 §2: Address, Application Number, Parcel Number and Name)", () => {
  it("offers the four modes, Address first", () => {
    renderSearch();
    const modes = screen.getAllByRole("radio").map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent);
    expect(modes).toEqual(["Address", "Application number", "Parcel number", "Name"]);
    expect((screen.getByRole("radio", { name: "Address" }) as HTMLInputElement).checked).toBe(true);
  });

  it("searches by address: street number and street name (Q01)", async () => {
    const { searched } = renderSearch();
    type(en.Permits.Fields.StreetNumber, "138");
    type(en.Permits.Fields.StreetName, "Highland");
    search();
    await screen.findByRole("button", { name: "2026-1042" });
    expect(searched()).toEqual([{ streetName: "Highland", streetNumber: "138", page: "0" }]);
    expect(screen.getByRole("cell", { name: "138 HIGHLAND AVE" })).toBeTruthy();
  });

  it("searches by owner name (Q01)", async () => {
    const { searched } = renderSearch();
    fireEvent.click(screen.getByRole("radio", { name: "Name" }));
    type(en.Permits.Fields.OwnerName, "Lopez");
    search();
    await screen.findByRole("cell", { name: "LOPEZ MARIA" });
    expect(searched()).toEqual([{ ownerName: "Lopez", page: "0" }]);
  });

  it("by application number needs the year and the number; the year starts as the current year (Q04)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-05T18:00:00.000Z"));
    renderSearch();
    fireEvent.click(screen.getByRole("radio", { name: "Application number" }));
    // "Application number" names both the mode and the number's field: the fields are found by their ids.
    const year = document.getElementById("permit-year") as HTMLInputElement;
    const number = document.getElementById("permit-number") as HTMLInputElement;
    expect(year.labels?.[0]?.textContent).toContain(en.Permits.Fields.Year);
    expect(year.value).toBe("2031");
    search();
    await waitFor(() => expect(number.getAttribute("aria-invalid")).toBe("true"));
    expect(year.getAttribute("aria-invalid")).not.toBe("true");
    fireEvent.change(year, { target: { value: "" } });
    fireEvent.change(number, { target: { value: "1042" } });
    search();
    await waitFor(() => expect(year.getAttribute("aria-invalid")).toBe("true"));
  });
});

describe("a permit lookup that fails says 'Something went wrong.' (spec 3 §8, Q06)", () => {
  it.each([
    ["en", en, "Something went wrong."],
    ["es", es, "Algo salió mal."],
  ] as const)("in %s", async (language, texts, expected) => {
    await i18n.changeLanguage(language);
    renderSearch("fail");
    fireEvent.change(screen.getByLabelText(texts.Permits.Fields.StreetName, { exact: false }), {
      target: { value: "Highland" },
    });
    fireEvent.click(screen.getByRole("button", { name: texts.Permits.Search }));
    expect((await screen.findByRole("alert")).textContent).toBe(expected);
    expect(texts.Permits.SomethingWentWrong).toBe(expected);
  });
});
