import type { Key, ReactNode, TdHTMLAttributes } from "react";
import { TableScroll } from "./table-scroll";

/** One column of an AdminTable: its heading and how a row fills its cell. */
export interface AdminColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell names its row (`<th scope="row">`), e.g. an id. */
  rowHeader?: boolean;
  /** Attributes of the column's body cells (className, lang, aria-live), or of each row's cell. */
  cellProps?: TdHTMLAttributes<HTMLTableCellElement> | ((row: T) => TdHTMLAttributes<HTMLTableCellElement>);
}

const cellPropsOf = <T,>(column: AdminColumn<T>, row: T) =>
  typeof column.cellProps === "function" ? column.cellProps(row) : column.cellProps;

/**
 * An admin list: a scrollable region named `label`, a table with column headings and one row per
 * item. `caption` repeats the label as the table's caption, visually hidden unless it is "visible"
 * (the table's only title on the page); `empty` is a row spanning every column when there are no items.
 */
export function AdminTable<T>({
  label,
  caption = false,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  caption?: boolean | "visible";
  columns: AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  empty?: ReactNode;
}) {
  return (
    <TableScroll label={label}>
      <table className="admin-table">
        {caption ? <caption className={caption === "visible" ? undefined : "visually-hidden"}>{label}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                column.rowHeader ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed
                  <th key={index} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed
                  <td key={index} {...cellPropsOf(column, row)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A row's Edit and Delete buttons; `name` (visually hidden) tells which row each acts on. */
export function EditDeleteActions({
  name,
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleting,
}: {
  name: string;
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <div className="admin-form__actions">
      <button type="button" className="button button--secondary" onClick={onEdit}>
        {editLabel}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="button button--secondary" disabled={deleting} onClick={onDelete}>
        {deleteLabel}
        <span className="visually-hidden"> {name}</span>
      </button>
    </div>
  );
}
