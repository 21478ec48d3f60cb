import { useQuery } from '@tanstack/react-query';
import { recordChangeQueries } from '../../api/record-change-queries.js';
import type { RecordKind } from '../../domain/record-kinds.js';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import './last-changed.css';
import { formatDateTime } from '../../domain/format-date.js';

/**
 * "Last changed by ... on ..." under a record's heading (issue 22). Quiet while it loads or when
 * the server does not know (a record from the seed or an import): a form never waits for it.
 */
export function LastChanged({ kind, id, version }: { kind: RecordKind; id: number; version: number }) {
  // A line of information, not the form's business: it fails silently.
  const change = useQuery({ ...recordChangeQueries.last(kind, id, version), ...REPORTS_OWN_ERRORS });
  if (!change.data?.changed_at) return null;
  return (
    <p className="last-changed muted" data-testid="last-changed">
      Last changed by {change.data.changed_by ?? 'someone no longer on staff'} on {formatDateTime(change.data.changed_at)}
    </p>
  );
}
