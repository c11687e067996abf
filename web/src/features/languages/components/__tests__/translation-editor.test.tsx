import type { Translation } from "@contract/languages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { TranslationEditor } from "../translation-editor";

const record = (Language: "en" | "es", LanguageKey: string, SingularForm: string): Translation => ({
  Id: `${Language}:Alerts.${LanguageKey}`,
  Language,
  Group: "Alerts",
  LanguageKey,
  SingularForm,
  PluralForm: null,
});

const english = [record("en", "Storm", "Storm warning"), record("en", "Flood", "Flood watch")];
const spanish = [record("es", "Storm", "Aviso de tormenta")];

function renderEditor() {
  const saved: Translation[][] = [];
  fakeFetch(({ url, init }) => {
    if (url.includes("/i18n") && init.method === "PUT") {
      saved.push(JSON.parse(String(init.body)) as Translation[]);
      return json({ ok: true });
    }
    return url.includes("/i18n") ? json({}) : undefined;
  });
  const router = createMemoryRouter(
    [{ path: "/languages/es", element: <TranslationEditor language="es" records={spanish} english={english} /> }],
    { initialEntries: ["/languages/es"] },
  );
  renderWithAppProviders(fakeAuth("onboarded"), router);
  return saved;
}

describe("the translation editor lists what a language lacks (issue 28)", () => {
  it("shows an English text without Spanish, filters to such texts, and saves it once written", async () => {
    const saved = renderEditor();
    const only = await screen.findByRole("checkbox", { name: "Only the 1 text without a translation" });
    const table = screen.getByRole("table");
    const flood = within(table).getByRole("rowheader", { name: /Flood/ });
    expect(flood.textContent).toContain("no translation yet");
    expect(flood.textContent).toContain("Flood watch");
    expect(within(flood).getByText("Flood watch").getAttribute("lang")).toBe("en");

    await userEvent.click(only);
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(within(table).queryByRole("rowheader", { name: /Storm/ })).toBeNull();

    // Left empty, a missing text is not saved (nothing to save); written, it is saved as a Spanish record.
    await userEvent.click(screen.getByRole("button", { name: "Save all changes" }));
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByLabelText("Singular form of Alerts.Flood"));
    await userEvent.paste("Alerta de inundación");
    await userEvent.click(screen.getByRole("button", { name: "Save all changes" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual([
      {
        Id: "es:Alerts.Flood",
        Language: "es",
        Group: "Alerts",
        LanguageKey: "Flood",
        SingularForm: "Alerta de inundación",
        PluralForm: null,
      },
    ]);
  });
});
