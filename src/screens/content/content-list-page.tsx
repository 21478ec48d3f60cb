import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { notifySuccess } from '../../ui/notify.js';
import { confirmDelete } from '../../ui/confirm-dialog.js';
import { DataList, type DataListColumn } from '../../ui/data-list.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { contentQueries } from '../../api/content-queries.js';
import './content.css';

/**
 * The list screen every content area shares (SPEC.md section 2, Lists): a heading with New, a
 * filter box, sortable columns, the row count, and the empty sentence with the button that adds.
 */
export function ContentListPage<Row extends { id: number }, Key extends QueryKey>({
  title,
  list: listQuery,
  newPath,
  noun,
  columns,
  filterText,
  initialSortKey,
  aside,
}: {
  title: string;
  /** The list's query: `contentQueries.blogPosts()`... */
  list: UseQueryOptions<Row[], Error, Row[], Key>;
  newPath: string;
  /** What a row is ('blog post'): the count ('2 blog posts') and the empty list's button ('New blog post'). */
  noun: string;
  columns: DataListColumn<Row>[];
  filterText: (row: Row) => string;
  initialSortKey?: string;
  aside?: ReactNode;
}) {
  usePageTitle(title);
  const list = useQuery(listQuery);
  const body = list.isPending ? (
    <LoadingView />
  ) : list.isError ? (
    <ErrorView message={`The ${title.toLowerCase()} could not be loaded.`} />
  ) : (
    <DataList
      rows={list.data}
      columns={columns}
      rowKey={(row) => row.id}
      filterText={filterText}
      noun={noun}
      initialSort={initialSortKey ? { key: initialSortKey, direction: 'asc' } : undefined}
      emptyMessage={`There are no ${title.toLowerCase()} yet.`}
      emptyAction={
        <Link className="button primary" to={newPath}>
          New {noun}
        </Link>
      }
    />
  );
  return (
    <section className="page content-list-page">
      <div className="page-header">
        <h1>{title}</h1>
        <div className="actions">
          <Link className="button primary" to={newPath}>
            New
          </Link>
        </div>
      </div>
      {aside ? (
        <div className="content-list-with-aside">
          <div>{body}</div>
          {aside}
        </div>
      ) : (
        body
      )}
    </section>
  );
}

/** Deletes a row after SPEC.md's confirmation naming it, then refreshes the content lists. */
export function useContentDelete<Row extends { id: number }>(deleteRow: (row: Row) => Promise<unknown>, describe: (row: Row) => string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteRow,
    onSuccess: async () => {
      notifySuccess('Deleted');
      await queryClient.invalidateQueries({ queryKey: contentQueries.all });
    },
  });
  return {
    deletingId: mutation.isPending ? mutation.variables.id : undefined,
    remove: async (row: Row) => {
      if (await confirmDelete(describe(row))) mutation.mutate(row);
    },
  };
}

/** The Actions column: Edit (a link) and Delete. */
export function actionsColumn<Row extends { id: number }>(
  editPath: (row: Row) => string,
  name: (row: Row) => string,
  remove: ((row: Row) => void) | null,
  deletingId?: number,
): DataListColumn<Row> {
  return {
    key: 'actions',
    header: 'Actions',
    width: remove ? '150px' : '80px',
    render: (row) => (
      <span className="row-actions">
        <Link className="button small" to={editPath(row)} aria-label={`Edit ${name(row)}`}>
          Edit
        </Link>
        {remove && (
          <button type="button" className="button small danger" disabled={deletingId === row.id} onClick={() => remove(row)} aria-label={`Delete ${name(row)}`}>
            Delete
          </button>
        )}
      </span>
    ),
  };
}
