import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/api-error.js';
import { bookingQueries } from '../../api/booking-queries.js';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { SNAPSHOT_CHANGES_SHOWN, bookingSnapshotText, snapshotChanges } from '../../domain/bookings/snapshot-changes.js';
import { useIdParam } from './use-id-param.js';
import './bookings.css';
import { formatDateTime } from '../../domain/format-date.js';

/** The stored JSON laid out one field a line, or null for text that is not JSON. */
function formatted(snapshot: string): string | null {
  try {
    return JSON.stringify(JSON.parse(snapshot), null, 2);
  } catch {
    return null;
  }
}

/** SPEC.md section 2 shows the raw snapshot text; a snapshot that is JSON can be laid out on request. */
function SnapshotText({ id, snapshot }: { id: number; snapshot: string }) {
  const [laidOut, setLaidOut] = useState(false);
  const pretty = formatted(snapshot);
  return (
    <>
      {pretty !== null && (
        <button type="button" className="button small" aria-pressed={laidOut} aria-controls={`snapshot-${id}-text`} onClick={() => setLaidOut(!laidOut)}>
          {laidOut ? 'Show as stored' : 'Lay out'}
        </button>
      )}
      <pre id={`snapshot-${id}-text`} className="snapshot-text">
        {laidOut && pretty !== null ? pretty : snapshot}
      </pre>
    </>
  );
}

const CHANGE_WORDS = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

/** What one save changed: from the snapshot taken before it to the next one, or to the booking as it is now. */
function SaveChanges({ before, after }: { before: string; after: string }) {
  const changes = snapshotChanges(before, after);
  if (changes === null) return <p className="muted">Not comparable with what came after it (one of them is not structured data); see the raw text.</p>;
  if (changes.length === 0) return <p className="muted">No field changed by this save.</p>;
  const shown = changes.slice(0, SNAPSHOT_CHANGES_SHOWN);
  return (
    <table className="data-table snapshot-changes">
      <caption>
        {changes.length} field{changes.length === 1 ? '' : 's'} changed by this save
        {changes.length > shown.length ? ` (the first ${shown.length} shown)` : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Change</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {shown.map((change) => (
          <tr key={change.path} className={`snapshot-change-${change.kind}`}>
            <th scope="row">{change.path}</th>
            <td>{CHANGE_WORDS[change.kind]}</td>
            <td>{change.before ?? '—'}</td>
            <td>{change.after ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /bookings/snapshot/{id}: the booking as it was before each save, newest first, each with what
 * its save changed: up to the next snapshot, or, for the newest, up to the booking as it is now.
 */
export function BookingSnapshotsScreen() {
  const id = useIdParam();
  const booking = useQuery(bookingQueries.detail(id));
  const snapshots = useQuery(bookingQueries.snapshots(id));
  const reference = booking.data?.booking_reference;
  usePageTitle(reference ? `Snapshots of ${reference}` : 'Booking snapshots');
  if (snapshots.isPending || booking.isPending) return <LoadingView label="Loading snapshots…" />;
  if (snapshots.isError) return <ErrorView message={errorText(snapshots.error)} />;
  if (booking.isError) return <ErrorView message={errorText(booking.error)} />;
  const now = bookingSnapshotText(booking.data);
  return (
    <section className="page">
      <div className="page-header">
        <h1>Snapshots{reference ? ` of ${reference}` : ''}</h1>
        <div className="actions">
          <Link className="button" to={`/bookings/${id}`}>
            Back to overview
          </Link>
        </div>
      </div>
      {snapshots.data.length === 0 ? (
        <EmptyView message="No snapshots yet: one is kept each time the booking is saved." action={<Link to={`/bookings/edit/${id}`}>Edit the booking</Link>} />
      ) : (
        <>
          <p className="muted">Each snapshot is the booking as it was just before a save; under it, what that save changed.</p>
          <ol className="snapshot-list" aria-label="Snapshots, newest first">
            {snapshots.data.map((snapshot, index) => (
              <li key={snapshot.id} className="panel">
                <h2>
                  Snapshot {snapshot.id} <span className="muted">· {formatDateTime(snapshot.createdAt)}</span>
                </h2>
                <SaveChanges before={snapshot.snapshot} after={index === 0 ? now : snapshots.data[index - 1].snapshot} />
                <details className="snapshot-raw">
                  <summary>Raw text</summary>
                  <SnapshotText id={snapshot.id} snapshot={snapshot.snapshot} />
                </details>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
