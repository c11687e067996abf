import { REPORT_TYPE_DEFINITIONS, type ReportType } from "@contract/reports";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { CategoryStep } from "../components/report-steps";

/**
 * Spec 3 §3's category option lists (audit items O02-O08, O11): the category step of each type asks
 * the spec's questions and offers the spec's options, in its order, with the values the CRM gets,
 * labelled in English and in Spanish.
 */
type Options = Record<string, [value: string, english: string, spanish: string][]>;

const LISTS: [ReportType, string, Options][] = [
  [
    "trees",
    "O02",
    {
      treeProblem: [
        ["TREE_OR_BRANCH_DOWN", "Tree or branch down", "Árbol o rama caída"],
        ["TREE_TRIMMING", "Tree trimming", "Poda de árboles"],
        ["DEAD_DECAYING_TREE", "Dead or decaying tree", "Árbol muerto o en descomposición"],
      ],
    },
  ],
  [
    "sidewalk",
    "O03",
    {
      sidewalkProblem: [
        ["CRACKED", "Cracked", "Agrietada"],
        ["UNEVEN", "Uneven", "Desnivelada"],
        ["OTHER", "Other", "Otro"],
      ],
    },
  ],
  [
    "streetlight",
    "O04",
    {
      poleType: [
        ["METAL", "Metal", "Metal"],
        ["WOODEN", "Wooden", "Madera"],
      ],
      streetlightProblem: [
        ["LIGHT_BURNED_OUT", "Light burned out", "Luz fundida"],
        ["LIGHT_ALWAYS_ON", "Light always on", "Luz siempre encendida"],
        ["SERIES_OF_LIGHTS_WITHOUT_POWER", "Several lights without power", "Varias luces sin electricidad"],
        ["LIGHT_GLASS_BROKEN_OUT", "Light glass broken out", "Cristal de la luz roto"],
        ["LIGHT_FLICKERS", "Light flickers", "La luz parpadea"],
        ["OTHER", "Other", "Otro"],
      ],
    },
  ],
  [
    "snowIce",
    "O05",
    {
      streetType: [
        ["ALLEY", "Alley", "Callejón"],
        ["COURT", "Court", "Plazoleta"],
        ["CITY_STREET", "City street", "Calle de la ciudad"],
        ["CUL_DE_SAC", "Cul-de-sac", "Calle sin salida"],
      ],
    },
  ],
  [
    "toter",
    "O06",
    {
      toterType: [
        ["REFUSE", "Refuse (garbage)", "Basura"],
        ["RECYCLING", "Recycling", "Reciclaje"],
      ],
      toterSize: [
        ["GALLON_35", "35 gallon", "35 galones"],
        ["GALLON_35_SENIOR", "35 gallon, senior rate", "35 galones, tarifa para personas mayores"],
        ["GALLON_64", "64 gallon", "64 galones"],
      ],
    },
  ],
  [
    "missedCollection",
    "O07",
    {
      collectionType: [
        ["REFUSE", "Refuse (garbage)", "Basura"],
        ["RECYCLING", "Recycling", "Reciclaje"],
        ["YARD_WASTE", "Yard waste", "Desechos de jardín"],
        ["ORGANICS", "Organics", "Orgánicos"],
        ["CHRISTMAS_TREE", "Christmas tree", "Árbol de Navidad"],
      ],
    },
  ],
  [
    "generalCollection",
    "O08",
    {
      collectionItem: [
        ["BULK_ITEM", "Bulk item", "Artículo voluminoso"],
        ["APPLIANCE", "Appliance", "Electrodoméstico"],
        ["TIRES", "Tires", "Neumáticos"],
      ],
    },
  ],
  [
    "streetUtilities",
    "O11",
    {
      utilityProblem: [
        ["STORM_DRAIN_MAINTENANCE", "Storm drain maintenance", "Mantenimiento del desagüe pluvial"],
        ["STREET_FLOODING", "Street flooding", "Calle inundada"],
        ["DAMAGED_FIRE_HYDRANT", "Damaged fire hydrant", "Hidrante dañado"],
        ["STREET_SIGN", "Street sign", "Letrero de calle"],
        ["STOP_SIGN", "Stop sign", "Señal de alto"],
        ["OTHER", "Other", "Otro"],
      ],
    },
  ],
];

/** What the step shows for one field: its radios or its select's options (not the "Choose" placeholder). */
function shownOptions(question: string): [value: string, label: string][] {
  // The field's name is the question, then "(required)".
  const name = new RegExp(`^${question.replace(/[?()]/g, "\\$&")}`);
  const group = screen.queryByRole("group", { name });
  if (group) {
    return within(group)
      .getAllByRole("radio")
      .map((radio) => {
        const input = radio as HTMLInputElement;
        return [input.value, input.labels?.[0]?.textContent?.trim() ?? ""];
      });
  }
  const select = screen.getByRole("combobox", { name });
  return [...(select as HTMLSelectElement).options]
    .filter((option) => option.value !== "")
    .map((option) => [option.value, option.textContent?.trim() ?? ""]);
}

describe("report category options (spec 3 §3)", () => {
  it.each(LISTS)(
    "%s (%s) asks the spec's questions with the spec's options, in English and Spanish",
    async (type, _id, options) => {
      expect(REPORT_TYPE_DEFINITIONS[type].fields).toEqual(Object.keys(options));
      for (const [language, texts, column] of [
        ["en", en, 1],
        ["es", es, 2],
      ] as const) {
        await i18n.changeLanguage(language);
        const { unmount } = render(
          <CategoryStep
            fields={REPORT_TYPE_DEFINITIONS[type].fields}
            details={{}}
            errors={{}}
            onChange={() => undefined}
          />,
        );
        for (const [field, expected] of Object.entries(options)) {
          const question = (texts.Report.Fields as Record<string, string>)[field] as string;
          expect(shownOptions(question), `${language} ${field}`).toEqual(
            expected.map((option) => [option[0], option[column]]),
          );
        }
        unmount();
      }
    },
  );
});
