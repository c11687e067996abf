import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n, loadServerTranslations } from "@/lib/i18n";
import { json } from "@/testing/fake-fetch";

const loaded = () => document.documentElement.dataset.languageLoaded;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("<html data-language-loaded> (what a browser test waits on after a language switch)", () => {
  it("names Spanish only once its bundled texts and the admins' edits are in; English at once", async () => {
    expect(loaded()).toBe("en");
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal("fetch", fetchMock);

    await i18n.changeLanguage("es");
    // Switched, with the bundled Spanish texts: <html lang> says so, but the edits are still to come.
    expect(document.documentElement.lang).toBe("es");
    expect(loaded()).toBeUndefined();

    const settling = loadServerTranslations("es");
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain("/i18n/processed/es/translation");
    expect(loaded()).toBeUndefined();
    answer(json({ Home: { Title: "Inicio" } }));
    await settling;
    expect(loaded()).toBe("es");

    await i18n.changeLanguage("en");
    expect(loaded()).toBe("en");
    // Back to Spanish: its texts are in already.
    await i18n.changeLanguage("es");
    expect(loaded()).toBe("es");
  });

  it("a language whose edits could not be fetched is loaded with its bundled texts", async () => {
    // A language without bundled texts of its own (English is the fallback), so none of the first test's state.
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await i18n.changeLanguage("fr");
    expect(document.documentElement.lang).toBe("fr");
    expect(loaded()).toBeUndefined();
    await loadServerTranslations("fr");
    expect(loaded()).toBe("fr");
  });
});
