import type { ReactNode } from 'react';
import { DataTable, nextSort, Pager, type DataListColumn, type ListSort } from './data-table.js';

export type { ListSort } from './data-table.js';

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
        <DataTable rows={rows} columns={columns} rowKey={rowKey} sort={sort} isSortable={(column) => sortableKeys.includes(column.key)} onSort={(key) => onSortChange(nextSort(sort, key))} />
      )}
      <Pager page={page} pages={pages} onPageChange={onPageChange} />
    </div>
  );
}
