import type { ReactNode } from 'react';
import { skipToken, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/api-error.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { contentQueries } from '../../api/content-queries.js';
import './content.css';

/**
 * Loads the record a form edits (`query` null: a new record, nothing to load) and shows the
 * loading, missing and failed states in its place; the form once the record is there.
 */
export function ContentRecordFrame<Row, Key extends QueryKey>({
  query,
  what,
  listPath,
  listTitle,
  children,
}: {
  query: UseQueryOptions<Row, Error, Row, Key> | null;
  /** 'blog post': for 'There is no such blog post.' */
  what: string;
  listPath: string;
  listTitle: string;
  children: (row: Row | null) => ReactNode;
}) {
  // A new record: a query that never runs, so the hook is called on every render as React needs.
  const record = useQuery(query ?? ({ queryKey: [...contentQueries.all, 'new'], queryFn: skipToken } as unknown as UseQueryOptions<Row, Error, Row, Key>));
  if (query === null) return children(null);
  if (record.isPending) return <LoadingView />;
  if (record.isError) {
    const missing = record.error instanceof ApiError && record.error.status === 404;
    return (
      <section className="page">
        <h1>{listTitle}</h1>
        <ErrorView message={missing ? `There is no such ${what}.` : `The ${what} could not be loaded.`} />
        <p>
          <Link to={listPath}>Back to {listTitle.toLowerCase()}</Link>
        </p>
      </section>
    );
  }
  return children(record.data);
}
