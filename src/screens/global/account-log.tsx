import { useQuery } from '@tanstack/react-query';
import { staffQueries } from '../../api/staff-queries.js';
import { formatDateTime } from '../../domain/format-date.js';
import { ACCOUNT_LOG_LIMIT, type AccountLogEntry } from '../../domain/staff.js';
import { DataTable, type DataListColumn } from '../../ui/data-table.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';

const COLUMNS: DataListColumn<AccountLogEntry>[] = [
  { key: 'when', header: 'When', width: '190px', render: (entry) => formatDateTime(entry.created_at) },
  { key: 'who', header: 'Who', render: (entry) => entry.actor ?? '(account removed)' },
  { key: 'action', header: 'What', width: '200px', render: (entry) => entry.action },
  { key: 'whom', header: 'Whose account', render: (entry) => entry.subject },
  { key: 'address', header: 'From address', width: '160px', render: (entry) => entry.address },
];

/** The account log (issue 30): every account action, newest first; who did it, to whom, from where. */
export function AccountLog() {
  const log = useQuery(staffQueries.log());
  return (
    <section className="account-log" aria-label="Account log">
      <h2>Account log</h2>
      <p className="muted">The newest {ACCOUNT_LOG_LIMIT} account actions: additions, resets, deactivations, password changes and logins from a new address.</p>
      {log.isPending ? (
        <LoadingView label="Loading the account log…" />
      ) : log.isError ? (
        <ErrorView message={log.error.message} />
      ) : (
        <DataTable rows={log.data} columns={COLUMNS} rowKey={(entry) => entry.id} sort={null} isSortable={() => false} onSort={() => undefined} />
      )}
    </section>
  );
}
