import type { BoardDetails, BoardMembersAnswer } from "@contract/boards";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "@/components/ui/toasts";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { BoardDetailPage } from "../components/board-detail";

const board: BoardDetails = {
  id: "a0B000000000001AAA",
  name: "Heritage Commission",
  alias: "HC",
  icon: "landmark",
  category: "commission",
  vacancies: 1,
  size: 9,
  termLength: "3 years",
  termLimit: "2 terms",
  overview: "Keeps the city's historic districts.",
  liaison: { name: "Ana Ruiz", email: "ana.ruiz@example.gov", phone: "(847) 931-6100" },
  meeting: { day: "First Monday", time: "6:00 PM", location: "City Hall" },
  powersAndDuties: ["Reviews changes"],
  resources: [],
  spanish: { overview: "", termLength: "", termLimit: "", meetingDay: "", powersAndDuties: [] },
};
const members: BoardMembersAnswer = {
  boardOrCommissionMembers: [
    { id: "m1", fullName: "Jo Park", role: "Chair", attendancePercentage: 92 },
    { id: "m2", fullName: "Lee Stone", role: "Member", attendancePercentage: null },
  ],
  boardOrCommissionAttendance: [],
};

describe("board detail members (spec 3 §2: audit item B08)", () => {
  it.each([
    ["en", en, "N/A"],
    ["es", es, "N/D"],
  ] as const)(
    "shows a member's attendance percentage, or %s's 'N/A' when it is null",
    async (language, texts, expected) => {
      fakeFetch(({ url }) => {
        if (url.startsWith("/api/salesforce/boardsAndCommissions/details")) return json([board]);
        if (url.startsWith("/api/salesforce/boardsAndCommissions/attendanceAndMembers/")) return json(members);
        return undefined;
      });
      await i18n.changeLanguage(language);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <MemoryRouter initialEntries={[`/boards-and-commissions/${board.id}`]}>
              <Routes>
                <Route path="/boards-and-commissions/:id" element={<BoardDetailPage />} />
              </Routes>
            </MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>,
      );
      const table = within(await screen.findByRole("region", { name: texts.Boards.Members })).getByRole("table");
      expect(within(table).getByRole("row", { name: /Jo Park/ }).textContent).toContain("92%");
      expect(within(within(table).getByRole("row", { name: /Lee Stone/ })).getByRole("cell").textContent).toBe(
        expected,
      );
      expect(texts.Boards.NotAvailable).toBe(expected);
    },
  );
});
