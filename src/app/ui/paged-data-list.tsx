import type { ReactNode } from 'react';
import type { DataListColumn } from './data-list.js';

export type ListSort = { key: string; direction: 'asc' | 'desc' };

/**
 * DataList's twin for lists that grow to thousands of rows: the server filters, sorts and pages,
 * so this component only shows one page and reports what staff ask for. Same look as DataList.
 */
export function PagedDataList<Row>({
  rows,
  total,
  columns,
  rowKey,
  sortableKeys,
  filter,
  onFilterChange,
  filterLabel = 'Filter',
  sort,
  onSortChange,
  page,
  pageSize,
  onPageChange,
  busy,
  emptyMessage,
  emptyAction,
}: {
  rows: Row[];
  /** Rows matching the filter on the server, over all pages. */
  total: number;
  columns: DataListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  sortableKeys: readonly string[];
  filter: string;
  onFilterChange: (filter: string) => void;
  filterLabel?: string;
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A new page is on its way; the current one stays visible meanwhile. */
  busy?: boolean;
  emptyMessage: string;
  emptyAction?: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const toggleSort = (key: string) =>
    onSortChange(sort.key === key ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' });
  return (
    <div className="data-list" aria-busy={busy || undefined}>
      <div className="data-list-bar">
        <label className="filter-box">
          {filterLabel}
          <input type="search" value={filter} onChange={(event) => onFilterChange(event.target.value)} />
        </label>
        <span className="row-count" aria-live="polite">
          {total === 0 ? '0 rows' : `${first}-${first + rows.length - 1} of ${total} rows`}
        </span>
      </div>
      {rows.length === 0 ? (
        <div className="empty-view">
          <p>{filter.trim() ? `Nothing matches "${filter.trim()}".` : emptyMessage}</p>
          {!filter.trim() && emptyAction}
        </div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort.key === column.key ? sort.direction : null;
                return (
                  <th
                    key={column.key}
                    style={{ width: column.width, textAlign: column.align }}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {sortableKeys.includes(column.key) ? (
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
            {rows.map((row) => (
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
          <button type="button" className="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
