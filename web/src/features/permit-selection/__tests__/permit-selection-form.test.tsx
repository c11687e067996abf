import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { FakeAuthProvider, fakeAuth } from "@/testing/fake-auth";
import { fakeFetch } from "@/testing/fake-fetch";
import { PermitSelectionForm } from "../components/permit-selection-form";

/** Spec 3 §3 "Permit form": the property types and the 18 permit options, in the spec's order. */
const PROPERTY_TYPES = [
  "NewSingleFamilyHome",
  "NewCommercialIndustrial",
  "SingleFamilyHomeOwner",
  "SingleFamilyHomeNotOwner",
  "MultiFamily",
];
const PERMIT_OPTIONS: [value: string, english: string, spanish: string][] = [
  ["BuildingShed", "Building a shed", "Construir un cobertizo"],
  ["PuttingUpFence", "Putting up a fence", "Instalar una cerca"],
  ["InstallingHotTub", "Installing a hot tub", "Instalar un jacuzzi"],
  ["RepairReplaceRoof", "Repairing or replacing a roof", "Reparar o reemplazar el techo"],
  ["ReplaceFurnace", "Replacing a furnace", "Reemplazar la calefacción"],
  ["ReplaceWaterHeater", "Replacing a water heater", "Reemplazar el calentador de agua"],
  ["InstallResidentialDriveway", "Installing a residential driveway", "Construir una entrada de vehículos residencial"],
  ["InstallAboveGroundPool", "Installing an above-ground pool", "Instalar una piscina sobre el suelo"],
  ["ReplaceWindow", "Replacing windows", "Reemplazar ventanas"],
  ["InstallPatio", "Installing a patio", "Construir un patio"],
  [
    "InstallDeckUnder4Feet",
    "Installing a deck under 4 feet high",
    "Construir una terraza de menos de 4 pies de altura",
  ],
  ["RepairReplaceSiding", "Repairing or replacing siding", "Reparar o reemplazar el revestimiento exterior"],
  ["InstallPrivateSidewalk", "Installing a private sidewalk", "Construir una acera privada"],
  ["MinorHVACWork", "Minor heating or air conditioning work", "Trabajos menores de calefacción o aire acondicionado"],
  ["MinorElectricalWork", "Minor electrical work", "Trabajos eléctricos menores"],
  ["MinorPlumbingWork", "Minor plumbing work", "Trabajos menores de plomería"],
  ["RemodelingStructure", "Remodeling a structure", "Remodelar una estructura"],
  ["Other", "Other work", "Otro trabajo"],
];

const choices = (group: HTMLElement, role: "radio" | "checkbox") =>
  within(group)
    .getAllByRole(role)
    .map((input) => [(input as HTMLInputElement).value, (input as HTMLInputElement).labels?.[0]?.textContent?.trim()]);

describe("permit selection (spec 3 §3: audit item S06)", () => {
  it.each([
    ["en", en, 1],
    ["es", es, 2],
  ] as const)(
    "offers the 5 property types, then the 18 permit options in the spec's order (%s)",
    async (language, texts, column) => {
      fakeFetch();
      await i18n.changeLanguage(language);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <FakeAuthProvider value={fakeAuth("onboarded")}>
              <PermitSelectionForm />
            </FakeAuthProvider>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      const types = screen.getByRole("group", {
        name: new RegExp(`^${texts.PermitSelection.PropertyType.replace("?", "\\?")}`),
      });
      expect(choices(types, "radio").map(([value]) => value)).toEqual(PROPERTY_TYPES);
      fireEvent.click(
        within(types).getByRole("radio", { name: texts.PermitSelection.PropertyTypes.SingleFamilyHomeOwner }),
      );
      const permits = await screen.findByRole("group", {
        name: new RegExp(`^${texts.PermitSelection.Permits.replace("?", "\\?")}`),
      });
      expect(choices(permits, "checkbox")).toEqual(PERMIT_OPTIONS.map((option) => [option[0], option[column]]));
    },
  );
});
