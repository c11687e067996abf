import type { AdminUserRow, UserSearchPage } from "@contract/admin-users";
import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModalProvider } from "@/components/ui/modals";
import { ToastProvider } from "@/components/ui/toasts";
import en from "@/locales/en.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { SEARCH_DEBOUNCE_MS, UsersTable } from "../components/users-table";

const row = (n: number): AdminUserRow => ({
  Id: `u${n}`,
  Email: `user${n}@example.com`,
  FirstName: "First",
  LastName: `Last${n}`,
  PhoneNumber: null,
  SalesforceId: null,
  Admin: false,
});

/** Answers each search with 25 rows and a next cursor, and records what was asked. */
function fakeSearch() {
  const asked: URLSearchParams[] = [];
  const mock = fakeFetch(({ url }) => {
    if (!url.startsWith("/api/elastic-users")) return undefined;
    const query = new URLSearchParams(url.split("?")[1]);
    asked.push(query);
    const page = Number(query.get("pageNumber"));
    const answer: UserSearchPage = {
      data: Array.from({ length: 25 }, (_, index) => row(page * 25 + index)),
      total: 60,
      totalPages: 3,
      pageNumber: page,
      nextCursor: `cursor${page + 1}`,
    };
    return json(answer);
  });
  return { asked, mock };
}

function renderTable() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>
          <ModalProvider>
            <UsersTable />
          </ModalProvider>
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllGlobals();
});

describe("UsersTable (spec 3 admin users list, V2)", () => {
  it("starts with 25 users sorted by last name ascending", async () => {
    const { asked } = fakeSearch();
    renderTable();
    await screen.findByText("user0@example.com", { selector: "a" });
    expect(asked[0]?.get("pageSize")).toBe("25");
    expect(asked[0]?.get("sortByField")).toBe("LastName");
    expect(asked[0]?.get("sortDirection")).toBe("asc");
    expect(asked[0]?.get("cursor")).toBeNull();
    expect(screen.getByRole("columnheader", { name: /Last name/ }).getAttribute("aria-sort")).toBe("ascending");
  });

  it("asks once per pause in typing, and a new search goes back to page 0", async () => {
    const { asked } = fakeSearch();
    renderTable();
    await screen.findByText("user0@example.com", { selector: "a" });
    await userEvent.click(screen.getByRole("button", { name: en.UsersAdmin.Next }));
    await screen.findByText("user25@example.com", { selector: "a" });
    expect(asked.at(-1)?.get("cursor")).toBe("cursor1");
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();

    // The pause is counted on a fake clock: on a busy machine, real keystrokes can be further apart
    // than the pause itself (this test once timed out under load). React Query tells components of
    // new data on a setTimeout(0) by default: a microtask here, so the fake clock holds only the
    // pause. The keys are change events: user-event and waitFor wait on setTimeout(0) themselves.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    notifyManager.setScheduler(queueMicrotask);
    const before = asked.length;
    const box = screen.getByRole("searchbox", { name: en.UsersAdmin.Search });
    for (const typed of ["m", "ma", "mar"]) fireEvent.change(box, { target: { value: typed } });
    // Typing three letters asks nothing until the pause.
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(asked.length).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(asked.length).toBe(before + 1));
    const search = asked.at(-1);
    expect(search?.get("searchTerm")).toBe("mar");
    expect(search?.get("pageNumber")).toBe("0");
    expect(search?.get("cursor")).toBeNull();
    await screen.findByText("Page 1 of 3");
  });

  it("sorts by a header, then the other way, back on page 0", async () => {
    const { asked } = fakeSearch();
    renderTable();
    await screen.findByText("user0@example.com", { selector: "a" });
    await userEvent.click(screen.getByRole("button", { name: /^Email/ }));
    await waitFor(() => expect(asked.at(-1)?.get("sortByField")).toBe("Email"));
    expect(asked.at(-1)?.get("sortDirection")).toBe("asc");
    await userEvent.click(screen.getByRole("button", { name: /^Email/ }));
    await waitFor(() => expect(asked.at(-1)?.get("sortDirection")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: /Email/ }).getAttribute("aria-sort")).toBe("descending");
  });
});

/** Where a row click led. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe("UsersTable rows (spec 3 §2: audit item U05)", () => {
  it("a click anywhere on a row goes to /users/view/{id}/users; the pencil to /users/edit/{id}/users", async () => {
    fakeSearch();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/users"]}>
          <ToastProvider>
            <ModalProvider>
              <Routes>
                <Route path="/users" element={<UsersTable />} />
                <Route path="*" element={<Where />} />
              </Routes>
            </ModalProvider>
          </ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("cell", { name: "Last3" }));
    expect((await screen.findByTestId("where")).textContent).toBe("/users/view/u3/users");
  });

  it("the row's email is a link to the same view, and its Edit to the edit page", async () => {
    fakeSearch();
    renderTable();
    const email = await screen.findByRole("link", { name: "user3@example.com" });
    expect(email.getAttribute("href")).toBe("/users/view/u3/users");
    // jsdom drops the space before the link's hidden "who" text.
    expect(
      screen
        .getByRole("link", { name: new RegExp(`^${en.UsersAdmin.Edit}\\s?user3@example\\.com$`) })
        .getAttribute("href"),
    ).toBe("/users/edit/u3/users");
  });
});
