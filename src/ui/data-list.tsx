import { useMemo, useState, type ReactNode } from 'react';
import { countWords } from '../domain/count-words.js';
import { EmptyView } from './status-views.js';
import { DataTable, nextSort, Pager, type DataListColumn, type ListSort } from './data-table.js';

export type { DataListColumn } from './data-table.js';
type Sort = ListSort;

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
  noun = 'row',
  plural = `${noun}s`,
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
  /** What a row is, for the count: '1 bike', '2 of 3 bikes'. */
  noun?: string;
  /** The noun for several when it is not the noun and an s ('categories'). */
  plural?: string;
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
      const order =
        typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right), undefined, { numeric: true });
      return order * factor;
    });
  }, [rows, filter, filterText, sort, columns]);

  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const currentPage = Math.min(page, pages - 1);
  const visible = shown.slice(currentPage * PAGE_SIZE, (currentPage + 1) * PAGE_SIZE);

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
          {shown.length === rows.length
            ? countWords(rows.length, noun, plural)
            : `${shown.length.toLocaleString('en-GB')} of ${countWords(rows.length, noun, plural)}`}
        </span>
      </div>
      {rows.length === 0 ? (
        <EmptyView message={emptyMessage} action={emptyAction} />
      ) : shown.length === 0 ? (
        <EmptyView
          message={`Nothing matches "${filter.trim()}".`}
          action={
            <button type="button" className="button" onClick={() => setFilter('')}>
              Clear the search
            </button>
          }
        />
      ) : (
        <DataTable
          rows={visible}
          columns={columns}
          rowKey={rowKey}
          sort={sort}
          isSortable={(column) => Boolean(column.sortValue)}
          onSort={(key) => setSort((current) => nextSort(current, key))}
        />
      )}
      <Pager page={currentPage + 1} pages={pages} onPageChange={(next) => setPage(next - 1)} />
    </div>
  );
}
