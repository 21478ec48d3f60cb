import { useRef, type ReactNode } from 'react';

export type DataListColumn<Row> = {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Columns with a sort value can be sorted by clicking their header (client-side lists). */
  sortValue?: (row: Row) => string | number;
  width?: string;
  align?: 'left' | 'right';
  /** Class of the column's cells and header (e.g. 'mono', 'num'). */
  className?: string;
};

export type ListSort = { key: string; direction: 'asc' | 'desc' };

/** The next sort after a header click: a new column sorts ascending, the same one toggles. */
export const nextSort = (current: ListSort | null, key: string): ListSort =>
  current?.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };

/** The table both list components draw: sortable headers announce their direction. */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  sort,
  isSortable,
  onSort,
  className,
}: {
  rows: Row[];
  columns: DataListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  sort: ListSort | null;
  isSortable: (column: DataListColumn<Row>) => boolean;
  onSort: (key: string) => void;
  /** Added to the table's own class. */
  className?: string;
}) {
  return (
    <table className={className ? `table ${className}` : 'table'}>
      <thead>
        <tr>
          {columns.map((column) => {
            const sorted = sort?.key === column.key ? sort.direction : null;
            const sortable = isSortable(column);
            const className = [column.className, sortable ? 'sortable' : undefined].filter(Boolean).join(' ') || undefined;
            return (
              // The whole cell sorts, not only its word: a click anywhere in it (the button's own
              // click, and Enter or Space on it, bubble here). The button is what keyboards reach.
              <th
                key={column.key}
                className={className}
                style={{ width: column.width, textAlign: column.align }}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                onClick={sortable ? () => onSort(column.key) : undefined}
              >
                {sortable ? (
                  <button type="button" className="sort-button">
                    {column.header}
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.key} className={column.className} style={{ textAlign: column.align }}>
                {column.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Previous / Page n of m / Next; `page` counts from 1. Hidden when everything fits one page. */
export function Pager({ page, pages, onPageChange }: { page: number; pages: number; onPageChange: (page: number) => void }) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  if (pages <= 1) return null;
  // The button pressed is disabled on the first and last page, which would drop the keyboard's
  // focus on the page body: it moves to the other button first.
  const go = (target: number) => {
    if (target <= 1) next.current?.focus();
    else if (target >= pages) previous.current?.focus();
    onPageChange(target);
  };
  return (
    <nav className="pager" aria-label="Pages">
      <button ref={previous} type="button" className="button" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </button>
      <span>
        Page {page.toLocaleString('en-GB')} of {pages.toLocaleString('en-GB')}
      </span>
      <button ref={next} type="button" className="button" disabled={page >= pages} onClick={() => go(page + 1)}>
        Next
      </button>
    </nav>
  );
}
