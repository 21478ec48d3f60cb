import { useMemo, useState, type ReactNode } from 'react';

export type DataListColumn<Row> = {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** Columns with a sort value can be sorted by clicking their header. */
  sortValue?: (row: Row) => string | number;
  width?: string;
  align?: 'left' | 'right';
};

type Sort = { key: string; direction: 'asc' | 'desc' };

const PAGE_SIZE = 100;

/**
 * A list screen's table: optional text filter, header-click sorting that toggles direction, the
 * count of rows shown, and paging so thousands of rows stay instant.
 */
export function DataList<Row>({
  rows,
  columns,
  rowKey,
  filterText,
  filterLabel = 'Filter',
  initialSort,
  emptyMessage,
  emptyAction,
}: {
  rows: Row[];
  columns: DataListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** The text a row is matched against; omitted: no filter box. */
  filterText?: (row: Row) => string;
  filterLabel?: string;
  initialSort?: Sort;
  emptyMessage: string;
  emptyAction?: ReactNode;
}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<Sort | null>(initialSort ?? null);
  const [page, setPage] = useState(0);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const filtered = needle && filterText ? rows.filter((row) => filterText(row).toLowerCase().includes(needle)) : rows;
    const column = sort && columns.find((candidate) => candidate.key === sort.key);
    if (!column?.sortValue || !sort) return filtered;
    const value = column.sortValue;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...filtered].sort((a, b) => {
      const left = value(a);
      const right = value(b);
      const order = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right), undefined, { numeric: true });
      return order * factor;
    });
  }, [rows, filter, filterText, sort, columns]);

  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const currentPage = Math.min(page, pages - 1);
  const visible = shown.slice(currentPage * PAGE_SIZE, (currentPage + 1) * PAGE_SIZE);
  const toggleSort = (key: string) => {
    setSort((current) => (current?.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));
  };

  return (
    <div className="data-list">
      <div className="data-list-bar">
        {filterText && (
          <label className="filter-box">
            {filterLabel}
            <input
              type="search"
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setPage(0);
              }}
            />
          </label>
        )}
        <span className="row-count" aria-live="polite">
          {shown.length === rows.length ? `${rows.length} rows` : `${shown.length} of ${rows.length} rows`}
        </span>
      </div>
      {rows.length === 0 ? (
        <div className="empty-view">
          <p>{emptyMessage}</p>
          {emptyAction}
        </div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort?.key === column.key ? sort.direction : null;
                return (
                  <th
                    key={column.key}
                    style={{ width: column.width, textAlign: column.align }}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {column.sortValue ? (
                      <button type="button" className="sort-button" onClick={() => toggleSort(column.key)}>
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
            {visible.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} style={{ textAlign: column.align }}>
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label="Pages">
          <button type="button" className="button" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)}>
            Previous
          </button>
          <span>
            Page {currentPage + 1} of {pages}
          </span>
          <button type="button" className="button" disabled={currentPage >= pages - 1} onClick={() => setPage(currentPage + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
