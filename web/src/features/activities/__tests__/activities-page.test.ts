import { describe, expect, it } from "vitest";
import { ACTIVITIES_PAGE_SIZE, activitiesPage } from "../components/activity-table";

describe("activitiesPage", () => {
  const rows = Array.from({ length: 500 }, (_, index) => index);

  it("shows 500 cases 25 at a time over 20 pages", () => {
    expect(ACTIVITIES_PAGE_SIZE).toBe(25);
    const first = activitiesPage(rows, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 20 });
    expect(first.rows).toEqual(rows.slice(0, 25));
    expect(activitiesPage(rows, 20).rows).toEqual(rows.slice(475));
  });

  it("keeps the page within range, and an empty list has one page", () => {
    expect(activitiesPage(rows, 99).page).toBe(20);
    expect(activitiesPage(rows, 0).page).toBe(1);
    expect(activitiesPage([], 1)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});
