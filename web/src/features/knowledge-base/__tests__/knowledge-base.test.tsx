import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { KnowledgeBase } from "../components/knowledge-base";

describe("knowledge base empty states (spec 3 §2, §8: audit item K04)", () => {
  it.each([
    ["en", en, "No Trending Articles.", "Enter search criteria above."],
    ["es", es, "No hay artículos populares.", "Escriba los criterios de búsqueda arriba."],
  ] as const)("with no trending articles says so (%s)", async (language, texts, noTrending, enterCriteria) => {
    const asked: string[] = [];
    fakeFetch(({ url }) => {
      if (!url.startsWith("/api/salesforce/knowledgebase/trending")) return undefined;
      asked.push(url);
      return json([]);
    });
    await i18n.changeLanguage(language);
    const router = createMemoryRouter([{ path: "/knowledgebase", element: <KnowledgeBase /> }], {
      initialEntries: ["/knowledgebase"],
    });
    renderWithAppProviders(fakeAuth("anonymous"), router);
    expect((await screen.findByText(noTrending)).tagName).toBe("P");
    expect(screen.getByText(enterCriteria)).toBeTruthy();
    expect([texts.KnowledgeBase.NoTrending, texts.KnowledgeBase.EnterCriteria]).toEqual([noTrending, enterCriteria]);
    expect(asked).toEqual([`/api/salesforce/knowledgebase/trending?lang=${language}`]);
  });
});
