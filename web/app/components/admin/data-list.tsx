import { useCallback, useEffect, useState, type ReactNode } from "react";
import { pageCount, Pagination } from "@/components/admin/pagination";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { SearchField } from "@/components/admin/search-field";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/**
 * What an admin list asks the server for: the search (debounced) and the page. A new search or
 * filter starts again at page 1.
 */
export function useListState({
  perPage,
  filters = [],
  initialSearch = "",
}: {
  perPage: number;
  filters?: unknown[];
  /** What the search box starts with, e.g. from a link (`?q=`). */
  initialSearch?: string;
}) {
  const [search, setSearch] = useState(initialSearch);
  const q = useDebouncedValue(search.trim(), 300);
  const key = JSON.stringify([q, ...filters]);
  const [paged, setPaged] = useState({ key, page: 1 });
  const page = paged.key === key ? paged.page : 1;
  const setPage = useCallback((next: number) => setPaged({ key, page: next }), [key]);
  return { search, setSearch, q, page, setPage, perPage };
}

export type ListState = ReturnType<typeof useListState>;

/** One column: its header, and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** Extra classes for the cell, e.g. "@5xl:whitespace-nowrap" (in the table only); for the first column they replace its default "font-medium". */
  className?: string;
}

interface ListQuery<T> {
  data: { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

interface DataListProps<T> {
  list: ListState;
  query: ListQuery<T>;
  /** The table's caption or the list's name, for screen readers (e.g. "Reviews, nieuwste eerst"). */
  label: string;
  /** A search box above the list (it fills `list.search`). */
  search?: { label: string; placeholder?: string };
  /** Filters beside the search box, e.g. a status choice. */
  filters?: ReactNode;
  /** "1 review" / "12 reviews" above the list (with "gevonden voor ‘…’" when only searched); without it no count. */
  noun?: { one: string; other: string };
  /** What is paged, for the navigation's name (e.g. "reviews"). */
  pagingLabel: string;
  loadingLabel: string;
  /** Shown when there is nothing (to find). */
  empty: ReactNode;
  /** The first column names the row: a row header in the table, the title of a card. */
  columns: Column<T>[];
  /** The buttons of one row (each with the row named in its accessible name). */
  actions?: (item: T) => ReactNode;
  rowKey?: (item: T) => string | number;
  /** The row's background (default the paper colour), e.g. to mark the selected row. */
  rowClassName?: (item: T) => string;
  /**
   * "table" (default): a table where the list is wide enough, labelled cards where it is not.
   * "cards": cards at every width, as an ordered list (for lists whose order is the point).
   */
  layout?: "table" | "cards";
}

const byId = (item: unknown) => (item as { id: number }).id;

/**
 * Every admin list: search and filters, loading and error states, an empty message, the rows
 * with their actions, and paging (a deleted last row on the last page shows the page before).
 */
export function DataList<T>({
  list,
  query,
  label,
  search,
  filters,
  noun,
  pagingLabel,
  loadingLabel,
  empty,
  columns,
  actions,
  rowKey = byId,
  rowClassName,
  layout = "table",
}: DataListProps<T>) {
  const { data, isPending, isError, error, isFetching, refetch } = query;
  const { page, setPage, perPage, q } = list;

  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, perPage));
  }, [data, page, perPage, setPage]);

  return (
    <>
      {search || filters ? (
        <div className="mt-8 flex flex-wrap items-end gap-4">
          {search ? (
            <SearchField label={search.label} value={list.search} onChange={list.setSearch} placeholder={search.placeholder} />
          ) : null}
          {filters}
        </div>
      ) : null}

      <div className={search || filters ? "mt-6" : ""} aria-busy={isFetching}>
        {isPending ? (
          <LoadingBlock label={loadingLabel} />
        ) : isError || !data ? (
          <LoadError error={error} onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">{empty}</p>
        ) : (
          <>
            {noun ? (
              <p className="mb-3 text-sm text-ink-soft" aria-live="polite">
                {data.total === 1 ? `1 ${noun.one}` : `${data.total} ${noun.other}`}
                {q && !filters ? ` gevonden voor ‘${q}’` : ""}
              </p>
            ) : null}
            {layout === "cards" ? (
              <CardList items={data.items} label={label} columns={columns} actions={actions} rowKey={rowKey} />
            ) : (
              <DataTable
                items={data.items}
                label={label}
                columns={columns}
                actions={actions}
                rowKey={rowKey}
                rowClassName={rowClassName}
              />
            )}
            <Pagination page={page} total={data.total} perPage={perPage} onPageChange={setPage} label={pagingLabel} />
          </>
        )}
      </div>
    </>
  );
}

interface RowsProps<T> {
  items: T[];
  /** The table's caption or the list's name. */
  label: string;
  columns: Column<T>[];
  actions?: (item: T) => ReactNode;
  rowKey?: (item: T) => string | number;
  rowClassName?: (item: T) => string;
}

const card = "rounded-2xl border border-sand p-4 shadow-sm";
/** In a card, a cell's header above its value, or beside it where the list is wide enough. */
const cardField = "grid gap-x-3 @xs:grid-cols-[7rem_minmax(0,1fr)] @xs:items-baseline @xl:grid-cols-[10rem_minmax(0,1fr)]";
const cardLabel = "text-sm font-medium text-ink-soft";

/**
 * One table: where the list is 64rem wide or more a real table with a column per field; in a
 * narrower list (a phone, a tablet, a small laptop) every row is a card with the first cell as
 * its title and the other cells labelled. The table's roles stay, so a screen reader still
 * hears the column headers.
 */
export function DataTable<T>({ items, label, columns, actions, rowKey = byId, rowClassName }: RowsProps<T>) {
  const [first, ...rest] = columns;
  return (
    <div className="@container">
      <div className="@5xl:overflow-x-auto @5xl:rounded-2xl @5xl:border @5xl:border-sand @5xl:bg-paper">
        <table className="block w-full text-left @5xl:table">
          <caption className="sr-only">{label}</caption>
          <thead className="sr-only border-b border-sand bg-cream-deep text-sm @5xl:not-sr-only @5xl:table-header-group">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className="px-4 py-3 font-semibold">
                  {c.header}
                </th>
              ))}
              {actions ? (
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Acties</span>
                </th>
              ) : null}
            </tr>
          </thead>
          {/* One column as wide as the list (not as its widest card): a long e-mail address wraps inside its card. */}
          <tbody className="grid grid-cols-1 gap-3 @5xl:table-row-group @5xl:divide-y @5xl:divide-sand">
            {items.map((item) => (
              <tr
                key={rowKey(item)}
                className={`block @5xl:table-row @5xl:rounded-none @5xl:border-0 @5xl:p-0 @5xl:align-top @5xl:shadow-none ${card} ${rowClassName?.(item) ?? "bg-paper"}`}
              >
                {first ? (
                  <th scope="row" className={`block text-left @5xl:table-cell @5xl:px-4 @5xl:py-3 ${first.className ?? "font-medium"}`}>
                    {first.cell(item)}
                  </th>
                ) : null}
                {rest.map((c) => (
                  <td key={c.header} className={`mt-2 block @5xl:mt-0 @5xl:table-cell @5xl:px-4 @5xl:py-3 ${c.className ?? ""}`}>
                    <div className={`${cardField} @5xl:block`}>
                      <span className={`${cardLabel} @5xl:hidden`}>{c.header}</span>
                      <div className="min-w-0 wrap-anywhere">{c.cell(item)}</div>
                    </div>
                  </td>
                ))}
                {actions ? <ActionsCell>{actions(item)}</ActionsCell> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The row's buttons: side by side below the card, stacked in the table's last column. */
function ActionsCell({ children }: { children: ReactNode }) {
  if (!children) return <td className="hidden @5xl:table-cell" />;
  return (
    <td className="mt-4 block @5xl:mt-0 @5xl:table-cell @5xl:px-4 @5xl:py-3">
      <div className="flex flex-wrap gap-2 @5xl:flex-col @5xl:items-stretch">{children}</div>
    </td>
  );
}

/** Cards at every width, in an ordered list. */
function CardList<T>({ items, label, columns, actions, rowKey = byId }: RowsProps<T>) {
  const [first, ...rest] = columns;
  return (
    <ol aria-label={label} className="@container grid gap-4">
      {items.map((item) => (
        <li key={rowKey(item)} className={`${card} bg-paper sm:p-5`}>
          {first?.cell(item)}
          {rest.length > 0 ? (
            <dl className="mt-3 grid gap-2">
              {rest.map((c) => (
                <div key={c.header} className={cardField}>
                  <dt className={cardLabel}>{c.header}</dt>
                  <dd>{c.cell(item)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions(item)}</div> : null}
        </li>
      ))}
    </ol>
  );
}
