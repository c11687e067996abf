import type { AddressCandidate, LatLng } from "@contract/maps";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/react-query";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { AddressPicker } from "../address-picker";
import type { PickedAddress } from "../picked-address";

// The real Leaflet map needs layout jsdom lacks; this stand-in drops pins like its click and Enter do.
vi.mock("../leaflet-map", () => ({
  default: ({ onPick, onLoadError }: { onPick: (point: LatLng) => void; onLoadError: () => void }) => (
    <>
      <button type="button" onClick={() => onPick({ lat: 42.0401, lng: -88.2801 })}>
        drop pin
      </button>
      <button type="button" onClick={onLoadError}>
        fail to load
      </button>
    </>
  ),
}));

const dexter: AddressCandidate = {
  address: "150 Dexter Ct, Elgin, Illinois, 60120",
  location: { lat: 42.041, lng: -88.281 },
  score: 100,
  parts: { AddNum: "150", StName: "DEXTER", StType: "CT", Postal: "60120", UnitName: "" },
};

/** The picker as a page holds it: controlled, each change recorded. */
function Host({ changes }: { changes: (PickedAddress | null)[] }) {
  const [value, setValue] = useState<PickedAddress | null>(null);
  return (
    <AddressPicker
      id="address"
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function renderPicker(answers: { reverse?: AddressCandidate | null; geocode?: AddressCandidate[] } = {}) {
  const calls = fakeFetch(({ url }) => {
    if (url.includes("/api/maps/suggest")) {
      return json({
        suggestions: [
          { text: dexter.address, magicKey: "P-1" },
          { text: "152 Dexter Ct", magicKey: "P-2" },
        ],
      });
    }
    if (url.includes("/api/maps/geocode")) return json({ candidates: answers.geocode ?? [dexter] });
    if (url.includes("/api/maps/reverse")) return json({ candidate: answers.reverse ?? null });
    return undefined;
  });
  const changes: (PickedAddress | null)[] = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Host changes={changes} />
    </QueryClientProvider>,
  );
  return { calls, changes };
}

const live = () => document.querySelector("[aria-live=polite]")?.textContent;

describe("AddressPicker, the typed route that needs no map", () => {
  it("types, picks a suggestion with the keyboard, confirms, and announces each step", async () => {
    const { calls, changes } = renderPicker();
    const input = screen.getByRole("combobox", { name: en.Map.TypeAddress });
    fireEvent.change(input, { target: { value: "150 Dex" } });
    await screen.findByRole("option", { name: dexter.address });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[0]?.id);
    fireEvent.keyDown(input, { key: "Enter" });

    const confirm = await screen.findByRole("button", { name: en.Map.ConfirmAddress });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(live()).toBe(`Is this the place? ${dexter.address}. Press Use this address to confirm.`);
    const geocodeUrl = calls.mock.calls.map(([url]) => String(url)).find((url) => url.includes("/maps/geocode"));
    expect(geocodeUrl).toContain("magicKey=P-1");
    expect(changes).toEqual([]);

    fireEvent.click(confirm);
    expect(changes).toEqual([
      { address: dexter.address, location: dexter.location, parts: dexter.parts, source: "typed" },
    ]);
    expect(live()).toBe(`Address chosen: ${dexter.address}`);
    expect(screen.getByTestId("chosen-address").textContent).toContain(dexter.address);
  });

  it("shows Report.NoAddressFound when the typed address matches nothing", async () => {
    renderPicker({ geocode: [] });
    const input = screen.getByRole("combobox", { name: en.Map.TypeAddress });
    fireEvent.change(input, { target: { value: "999 Nowhere" } });
    fireEvent.click(screen.getByRole("button", { name: en.Map.Find }));
    expect((await screen.findByRole("alert")).textContent).toBe(en.Report.NoAddressFound);
  });
});

describe("AddressPicker, the map", () => {
  it("a dropped pin takes the nearest address and keeps the pin's position", async () => {
    const { changes } = renderPicker({ reverse: dexter });
    await act(async () => {
      fireEvent.click(await screen.findByRole("button", { name: "drop pin" }));
    });
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toMatchObject({
      address: dexter.address,
      location: { lat: 42.0401, lng: -88.2801 },
      source: "map",
    });
    expect(live()).toBe(`Address chosen: ${dexter.address}`);
  });

  it("a pin where no address is near says Report.NoAddressFound, in Spanish too", async () => {
    await i18n.changeLanguage("es");
    renderPicker({ reverse: null });
    fireEvent.click(await screen.findByRole("button", { name: "drop pin" }));
    expect((await screen.findByRole("alert")).textContent).toBe(es.Report.NoAddressFound);
    expect(screen.getByText(es.Map.KeyboardInstructions)).toBeTruthy();
  });
});

describe("AddressPicker, a map that cannot load (spec 3 §8: alert 'Could not load map')", () => {
  it.each([
    ["en", en, "Could not load map"],
    ["es", es, "No se pudo cargar el mapa"],
  ] as const)("says so in an alert in %s, and the typed route stays", async (language, texts, expected) => {
    await i18n.changeLanguage(language);
    renderPicker();
    fireEvent.click(await screen.findByRole("button", { name: "fail to load" }));
    expect((await screen.findByRole("alert")).textContent).toBe(expected);
    expect(texts.Map.CouldNotLoad).toBe(expected);
    expect(screen.queryByRole("button", { name: "drop pin" })).toBeNull();
    expect(screen.getByRole("combobox", { name: texts.Map.TypeAddress })).toBeTruthy();
  });
});
