import type { ReactNode } from 'react';
import { countWords } from '../domain/count-words.js';
import { DataTable, nextSort, Pager, type DataListColumn, type ListSort } from './data-table.js';
import { EmptyView, ErrorView, LoadingView } from './status-views.js';

export type { ListSort } from './data-table.js';

/** A choice list beside the search box (a status...); '' is "any". */
export type ListChoiceFilter = {
  label: string;
  anyLabel: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
};

/**
 * DataList's twin for lists that grow to thousands of rows: the server filters, sorts and pages,
 * so this component only shows one page and reports what staff ask for. Same look as DataList.
 * Used by the server-paged reference lists and the booking, payment and enquiry lists.
 */
export function PagedDataList<Row>({
  rows,
  total,
  totalCapped,
  noun = 'row',
  plural = `${noun}s`,
  columns,
  rowKey,
  sortableKeys = [],
  filter,
  onFilterChange,
  filterLabel = 'Filter',
  filterPlaceholder,
  autoFocusFilter,
  choice,
  sort = null,
  onSortChange,
  page,
  pageSize,
  onPageChange,
  busy,
  loading,
  loadingLabel,
  error,
  emptyMessage,
  emptyAction,
  tableClassName,
  className,
}: {
  rows: Row[];
  /** Rows matching the filter on the server, over all pages. */
  total: number;
  /** The server stopped counting at `total`: there are more. */
  totalCapped?: boolean;
  /** What a row is, for the count: '1 booking', '1-50 of 120 bookings'. */
  noun?: string;
  /** The noun for several when it is not the noun and an s ('enquiries'). */
  plural?: string;
  columns: DataListColumn<Row>[];
  rowKey: (row: Row) => string | number;
  sortableKeys?: readonly string[];
  filter: string;
  onFilterChange: (filter: string) => void;
  filterLabel?: string;
  filterPlaceholder?: string;
  autoFocusFilter?: boolean;
  choice?: ListChoiceFilter;
  sort?: ListSort | null;
  onSortChange?: (sort: ListSort) => void;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** A new page is on its way; the current one stays visible meanwhile. */
  busy?: boolean;
  /** Nothing to show yet: the first page is loading. */
  loading?: boolean;
  loadingLabel?: string;
  /** The page could not be loaded. */
  error?: string | null;
  emptyMessage: string;
  emptyAction?: ReactNode;
  tableClassName?: string;
  /** Added to the list's own class, for a screen's styles. */
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const filtered = filter.trim() !== '' || Boolean(choice?.value);
  const count = (value: number) => value.toLocaleString('en-GB');
  const last = first + rows.length - 1;
  const wholeList = page === 1 && rows.length === total && !totalCapped;
  const body = loading ? (
    <LoadingView label={loadingLabel} />
  ) : error ? (
    <ErrorView message={error} />
  ) : rows.length === 0 ? (
    <EmptyView
      message={filtered ? noMatchSentence(plural, filter, choice) : emptyMessage}
      action={
        filtered ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              onFilterChange('');
              choice?.onChange('');
            }}
          >
            {choice?.value && filter.trim() ? 'Clear the search and the filter' : choice?.value ? 'Clear the filter' : 'Clear the search'}
          </button>
        ) : (
          emptyAction
        )
      }
    />
  ) : (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      sort={sort}
      isSortable={(column) => sortableKeys.includes(column.key)}
      onSort={(key) => onSortChange?.(nextSort(sort, key))}
      className={tableClassName}
    />
  );
  return (
    <div className={className ? `data-list ${className}` : 'data-list'} aria-busy={busy || undefined}>
      <div className="data-list-bar">
        <label className="filter-box">
          {filterLabel}
          <input
            type="search"
            value={filter}
            placeholder={filterPlaceholder}
            onChange={(event) => onFilterChange(event.target.value)}
            autoFocus={autoFocusFilter}
          />
        </label>
        {choice && (
          <label className="filter-box">
            {choice.label}
            <select value={choice.value} onChange={(event) => choice.onChange(event.target.value)}>
              <option value="">{choice.anyLabel}</option>
              {choice.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        {!loading && !error && (
          <span className="row-count" aria-live="polite">
            {/* The range only when one page does not hold them all: '1 booking', not '1-1 of 1 bookings'. */}
            {wholeList
              ? countWords(total, noun, plural)
              : `${count(first)}${last > first ? `-${count(last)}` : ''} of ${count(total)}${totalCapped ? '+' : ''} ${plural}`}
          </span>
        )}
      </div>
      {body}
      <Pager page={page} pages={pages} onPageChange={onPageChange} />
    </div>
  );
}

/** 'No bookings match the search "ada" and the status Paid in full.': what is filtered, in words. */
function noMatchSentence(noun: string, filter: string, choice: ListChoiceFilter | undefined): string {
  const search = filter.trim();
  const chosen = choice?.value ? (choice.options.find((option) => option.value === choice.value)?.label ?? choice.value) : null;
  const parts = [search ? `the search "${search}"` : null, chosen && choice ? `the ${choice.label.toLowerCase()} ${chosen}` : null].filter(Boolean);
  return `No ${noun} match ${parts.join(' and ')}.`;
}
