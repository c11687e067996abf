/** One measured value, printed as one line of the bench table and kept in results.json. */
export interface BenchRow {
  section: string;
  row: string;
  measure: string;
  value: number | null;
  unit: string;
  /** The goal (issue 12), when there is one: at most or at least this value. */
  goal?: { atMost?: number; atLeast?: number };
}

/**
 * Whether a row met its goal; undefined when it has none. A row with a goal but no finite value
 * (a measure that failed, or NaN from an empty sample) did not meet it: it once printed "NaN ✔".
 */
export function goalMet(row: BenchRow): boolean | undefined {
  if (!row.goal) return undefined;
  if (row.value === null || !Number.isFinite(row.value)) return false;
  if (row.goal.atMost !== undefined && row.value > row.goal.atMost) return false;
  if (row.goal.atLeast !== undefined && row.value < row.goal.atLeast) return false;
  return true;
}

const format = (value: number | null, unit: string) =>
  value === null || !Number.isFinite(value)
    ? "n/a"
    : `${Number.isInteger(value) ? value : value.toFixed(value < 1 ? 3 : 1)}${unit ? ` ${unit}` : ""}`;

export function printTable(rows: BenchRow[]): void {
  const lines = rows.map((row) => {
    const met = goalMet(row);
    const goal = row.goal
      ? row.goal.atMost !== undefined
        ? `≤ ${format(row.goal.atMost, row.unit)}`
        : `≥ ${format(row.goal.atLeast ?? 0, row.unit)}`
      : "";
    return [
      row.section,
      row.row,
      row.measure,
      format(row.value, row.unit),
      goal,
      met === undefined ? "" : met ? "✔" : "✖",
    ];
  });
  const header = ["Section", "Row", "Measure", "Value", "Goal", "Met"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const print = (cells: string[]) =>
    console.log(cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" │ "));
  console.log("");
  print(header);
  console.log(widths.map((width) => "─".repeat(width)).join("─┼─"));
  for (const line of lines) print(line);
}
