import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/api-error.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { contentQueries } from './content-queries.js';
import './content.css';

/**
 * Loads the record a form edits (`path` null: a new record, nothing to load) and shows the
 * loading, missing and failed states in its place; the form once the record is there.
 */
export function ContentRecordFrame<Row>({
  path,
  what,
  listPath,
  listTitle,
  children,
}: {
  path: string | null;
  /** 'blog post': for 'There is no such blog post.' */
  what: string;
  listPath: string;
  listTitle: string;
  children: (row: Row | null) => ReactNode;
}) {
  const record = useQuery({ ...contentQueries.get<Row>(path ?? ''), enabled: path !== null });
  if (path === null) return children(null);
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
