import { type AdminUserRow, USER_PAGE_SIZES, USER_SORT_FIELDS, type UserSortField } from "@contract/admin-users";
import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useModals } from "@/components/ui/modals";
import { TableScroll } from "@/components/ui/table-scroll";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { useDebounced } from "@/lib/use-debounced";
import { useDeleteUser, useUserSearch } from "../api/admin-users";
import { deleteFailureMessage } from "./delete-failure";
import { useRecentSignIn } from "./sign-in-again";

/** The search box waits this long after the last key before asking (spec 3: debounced). */
export const SEARCH_DEBOUNCE_MS = 500;
/** The success toast follows a delete after this pause, then the table reloads (as the original did). */
export const DELETE_SUCCESS_DELAY_MS = 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sort {
  field: UserSortField;
  direction: "asc" | "desc";
}

/** The V2 users table (spec 3, admin users list): search, sort, page sizes, view, edit and delete. */
export function UsersTable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modals = useModals();
  const toasts = useToasts();
  const remove = useDeleteUser();
  const recentSignIn = useRecentSignIn();
  const searchId = useId();
  const sizeId = useId();
  const [input, setInput] = useState("");
  const searchTerm = useDebounced(input.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<Sort>({ field: "LastName", direction: "asc" });
  const [pageSize, setPageSize] = useState<number>(USER_PAGE_SIZES[0]);
  // cursors[n] asks for page n; a new search, sort or size starts again at page 0.
  const pagingKey = JSON.stringify([searchTerm, sort, pageSize]);
  const fresh = { key: pagingKey, cursors: [null] as (string | null)[], pageNumber: 0 };
  const [storedPaging, setPaging] = useState(fresh);
  const paging = storedPaging.key === pagingKey ? storedPaging : fresh;
  const { cursors, pageNumber } = paging;

  const search = useUserSearch({
    pageNumber,
    pageSize,
    sortByField: sort.field,
    sortDirection: sort.direction,
    searchTerm,
    cursor: cursors[pageNumber] ?? null,
  });
  const page = search.data;

  const goNext = () => {
    if (!page?.nextCursor) return;
    const next = pageNumber + 1;
    setPaging({ key: pagingKey, cursors: [...cursors.slice(0, next), page.nextCursor], pageNumber: next });
  };

  const sortBy = (field: UserSortField) =>
    setSort((current) => ({
      field,
      direction: current.field === field && current.direction === "asc" ? "desc" : "asc",
    }));

  const confirmDelete = async (user: AdminUserRow) => {
    const who = user.Email ?? user.Id;
    const confirmed = await modals.showWarning({
      title: t("UsersAdmin.DeleteTitle"),
      body: t("UsersAdmin.DeleteBody", { who }),
      confirmLabel: t("UsersAdmin.Delete"),
      cancelLabel: t("Modal.Cancel"),
    });
    if (!confirmed) return;
    try {
      await recentSignIn.run(() => remove.mutateAsync(user.Id));
      await wait(DELETE_SUCCESS_DELAY_MS);
      toasts.show("successRemove");
      await search.refetch();
    } catch (error) {
      toasts.show("errorRemove", deleteFailureMessage(error, t));
    }
  };

  const columns = USER_SORT_FIELDS.map((field) => ({ field, label: t(`UsersAdmin.Column.${field}`) }));
  const totalPages = page?.totalPages ?? 0;

  return (
    <>
      <div className="admin-toolbar">
        <search className="field">
          <label htmlFor={searchId} className="field__label">
            {t("UsersAdmin.Search")}
          </label>
          <p id={`${searchId}-hint`} className="field__hint">
            {t("UsersAdmin.SearchHint")}
          </p>
          <input
            id={searchId}
            type="search"
            autoComplete="off"
            aria-describedby={`${searchId}-hint`}
            value={input}
            onChange={(event) => setInput(event.target.value)}
          />
        </search>
        <div className="field">
          <label htmlFor={sizeId} className="field__label">
            {t("UsersAdmin.PageSize")}
          </label>
          <select id={sizeId} value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))}>
            {USER_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
      {search.isError ? <AdminLoadError error={search.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      <p role="status" className="users-admin__count">
        {page ? t("UsersAdmin.Found", { count: page.total }) : t("App.Loading")}
      </p>
      <TableScroll label={t("UsersAdmin.Caption")}>
        <table className="admin-table users-admin__table" aria-busy={search.isFetching}>
          <caption className="visually-hidden">{t("UsersAdmin.Caption")}</caption>
          <thead>
            <tr>
              {columns.map(({ field, label }) => {
                const active = sort.field === field;
                const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
                return (
                  <th key={field} scope="col" aria-sort={ariaSort}>
                    <button type="button" className="users-admin__sort" onClick={() => sortBy(field)}>
                      {label}
                      <span aria-hidden="true">{active ? (sort.direction === "asc" ? " ▲" : " ▼") : " ↕"}</span>
                    </button>
                  </th>
                );
              })}
              <th scope="col">{t("UsersAdmin.Actions")}</th>
            </tr>
          </thead>
          <tbody>
            {page?.data.map((user) => {
              const who = user.Email ?? user.Id;
              return (
                <tr
                  key={user.Id}
                  className="users-admin__row"
                  onClick={() => navigate(paths.userView.href(user.Id, "users"))}
                >
                  <th scope="row">
                    <Link to={paths.userView.href(user.Id, "users")} onClick={(event) => event.stopPropagation()}>
                      {user.Email ?? t("UsersAdmin.NoEmail")}
                    </Link>
                  </th>
                  <td>{user.FirstName}</td>
                  <td>{user.LastName}</td>
                  <td>{user.PhoneNumber}</td>
                  <td>{user.SalesforceId}</td>
                  <td className="users-admin__actions">
                    <Link
                      to={paths.userEdit.href(user.Id, "users")}
                      className="button button--secondary"
                      onClick={(event) => event.stopPropagation()}
                    >
                      <Pencil aria-hidden="true" focusable="false" size={16} className="users-table__icon" />{" "}
                      {t("UsersAdmin.Edit")}
                      <span className="visually-hidden"> {who}</span>
                    </Link>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={(event) => {
                        event.stopPropagation();
                        void confirmDelete(user);
                      }}
                    >
                      <Trash2 aria-hidden="true" focusable="false" size={16} className="users-table__icon" />{" "}
                      {t("UsersAdmin.Delete")}
                      <span className="visually-hidden"> {who}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      {page && page.data.length === 0 ? <p>{t("UsersAdmin.NoneFound")}</p> : null}
      <nav className="admin-pager" aria-label={t("UsersAdmin.Pages")}>
        <button
          type="button"
          className="button button--secondary"
          disabled={pageNumber === 0}
          onClick={() => setPaging({ key: pagingKey, cursors, pageNumber: Math.max(0, pageNumber - 1) })}
        >
          {t("UsersAdmin.Previous")}
        </button>
        <span>{t("UsersAdmin.PageOf", { page: pageNumber + 1, total: Math.max(totalPages, 1) })}</span>
        <button type="button" className="button button--secondary" disabled={!page?.nextCursor} onClick={goNext}>
          {t("UsersAdmin.Next")}
        </button>
      </nav>
      {recentSignIn.dialog}
    </>
  );
}
