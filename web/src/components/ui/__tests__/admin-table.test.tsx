import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type AdminColumn, AdminTable } from "../admin-table";

interface Row {
  id: string;
  name: string;
}

const columns: AdminColumn<Row>[] = [
  { header: "Id", cell: (row) => row.id, rowHeader: true },
  { header: "Name", cell: (row) => row.name, cellProps: { lang: "es", className: "name" } },
];

describe("AdminTable", () => {
  it("is a named scrollable region holding a table with a caption, column headings and a header cell per row", () => {
    render(
      <AdminTable label="People" caption columns={columns} rows={[{ id: "a1", name: "Ana" }]} rowKey={(r) => r.id} />,
    );
    const region = screen.getByRole("region", { name: "People" });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole("table", { name: "People" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Id", "Name"]);
    expect(within(table).getByRole("rowheader").textContent).toBe("a1");
    const cell = within(table).getByRole("cell");
    expect(cell.textContent).toBe("Ana");
    expect(cell.getAttribute("lang")).toBe("es");
    expect(cell.className).toBe("name");
  });

  it("shows the empty text in one row across every column, and no caption unless asked", () => {
    render(<AdminTable label="People" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Nobody yet" />);
    const table = screen.getByRole("table");
    expect(table.querySelector("caption")).toBeNull();
    const cell = within(table).getByRole("cell");
    expect(cell.textContent).toBe("Nobody yet");
    expect(cell.getAttribute("colspan")).toBe("2");
  });

  it("shows the caption when it is the table's visible title", () => {
    render(<AdminTable label="Totals" caption="visible" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    const caption = screen.getByRole("table", { name: "Totals" }).querySelector("caption");
    expect(caption?.textContent).toBe("Totals");
    expect(caption?.className).toBe("");
  });
});
