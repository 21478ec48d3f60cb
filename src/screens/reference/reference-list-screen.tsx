import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { referenceQueries, type ReferenceRow } from '../../api/reference-queries.js';
import { DataList, type DataListColumn } from '../../ui/data-list.js';
import { PagedDataList, type ListSort } from '../../ui/paged-data-list.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { DEFAULT_PER_PAGE } from '../../domain/reference/reference-list-query.js';
import { referenceResource, type ReferenceKey, type ReferenceResource } from '../../domain/reference/reference-resources.js';
import { useReferenceDelete } from './use-reference-delete.js';
import { refOf } from './use-reference-save.js';

const FILTER_DELAY_MS = 250;

/** The list of any reference resource: Name (and the registry's other columns), New, Edit and Delete. */
export function ReferenceListScreen({ resourceKey }: { resourceKey: ReferenceKey }) {
  const resource = referenceResource(resourceKey);
  usePageTitle(resource.title);
  const { remove, deleting } = useReferenceDelete(resource);
  const columns = listColumns(resource, remove, deleting);
  return (
    <section className="page reference-list-page">
      <div className="page-header">
        <h1>{resource.title}</h1>
        <div className="actions">
          <Link className="button primary" to={`/${resource.key}/create`}>
            New
          </Link>
        </div>
      </div>
      {resource.growable ? <ServerPagedList resource={resource} columns={columns} /> : <WholeList resource={resource} columns={columns} />}
    </section>
  );
}

function listColumns(resource: ReferenceResource, remove: (row: ReferenceRow) => void, deleting: ReferenceRow | undefined): DataListColumn<ReferenceRow>[] {
  const columns: DataListColumn<ReferenceRow>[] = resource.columns.map((column) => {
    const label = (row: ReferenceRow) => {
      const value = row[column.name];
      const option = column.options?.find((entry) => entry.value === (value ?? null));
      return option ? option.label : value === null || value === undefined ? '' : String(value);
    };
    return {
      key: column.name,
      header: column.label,
      align: column.numeric ? 'right' : undefined,
      width: column.name === 'name' ? undefined : '16%',
      sortValue: column.numeric ? (row) => Number(row[column.name] ?? 0) : label,
      render:
        column.name === 'name' ? (row) => <Link to={`/${resource.key}/${encodeURIComponent(refOf(resource, row))}`}>{row.name || '(no name)'}</Link> : label,
    };
  });
  columns.push({
    key: 'actions',
    header: 'Actions',
    width: resource.deletable ? '150px' : '80px',
    render: (row) => (
      <span className="row-actions">
        <Link className="button small" to={`/${resource.key}/${encodeURIComponent(refOf(resource, row))}`} aria-label={`Edit ${row.name}`}>
          Edit
        </Link>
        {resource.deletable && (
          <button
            type="button"
            className="button small danger"
            disabled={deleting?.id === row.id}
            onClick={() => remove(row)}
            aria-label={`Delete ${row.name}`}
          >
            Delete
          </button>
        )}
      </span>
    ),
  });
  return columns;
}

const emptyMessage = (resource: ReferenceResource) => `There are no ${resource.title.toLowerCase()} yet.`;
const newButton = (resource: ReferenceResource) => (
  <Link className="button primary" to={`/${resource.key}/create`}>
    New {resource.singular}
  </Link>
);

/** Short lists (bikes, decks, seasons...) load whole and filter and sort in the browser. */
function WholeList({ resource, columns }: { resource: ReferenceResource; columns: DataListColumn<ReferenceRow>[] }) {
  const list = useQuery(referenceQueries.list(resource.key));
  if (list.isPending) return <LoadingView />;
  if (list.isError) return <ErrorView message={`The ${resource.title.toLowerCase()} could not be loaded.`} />;
  const initialKey = resource.sortable.find((key) => columns.some((column) => column.key === key));
  return (
    <DataList
      rows={list.data}
      columns={columns}
      rowKey={(row) => row.id}
      filterText={(row) => row.name}
      filterLabel="Filter by name"
      noun={resource.singular}
      plural={resource.title.toLowerCase()}
      initialSort={initialKey ? { key: initialKey, direction: 'asc' } : undefined}
      emptyMessage={emptyMessage(resource)}
      emptyAction={newButton(resource)}
    />
  );
}

/** Lists that grow (hotels, destinations...) filter, sort and page on the server. */
function ServerPagedList({ resource, columns }: { resource: ReferenceResource; columns: DataListColumn<ReferenceRow>[] }) {
  const [filter, setFilter] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<ListSort>({ key: resource.sortable[0], direction: 'asc' });
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => setQ(filter.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filter]);
  const list = useQuery(referenceQueries.page(resource.key, { q, page, perPage: DEFAULT_PER_PAGE, sort: sort.key, dir: sort.direction }));
  const total = list.data?.total;
  // A delete can leave the last page empty: step back to the page that still has rows.
  useEffect(() => {
    if (total !== undefined && page > 1 && (page - 1) * DEFAULT_PER_PAGE >= total) setPage(Math.max(1, Math.ceil(total / DEFAULT_PER_PAGE)));
  }, [total, page]);
  if (list.isPending) return <LoadingView />;
  if (list.isError) return <ErrorView message={`The ${resource.title.toLowerCase()} could not be loaded.`} />;
  return (
    <PagedDataList
      rows={list.data.results}
      total={list.data.total}
      columns={columns}
      rowKey={(row) => row.id}
      sortableKeys={resource.sortable}
      noun={resource.singular}
      plural={resource.title.toLowerCase()}
      filter={filter}
      filterLabel="Filter by name"
      onFilterChange={(value) => {
        setFilter(value);
        setPage(1);
      }}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        setPage(1);
      }}
      page={page}
      pageSize={DEFAULT_PER_PAGE}
      onPageChange={setPage}
      busy={list.isFetching}
      emptyMessage={emptyMessage(resource)}
      emptyAction={newButton(resource)}
    />
  );
}
