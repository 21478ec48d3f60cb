import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/api-error.js';
import { staffCalls, staffQueries } from '../../api/staff-queries.js';
import { newStaffSchema, type StaffAccount, type StaffPassword } from '../../domain/staff.js';
import { confirmAction } from '../../ui/confirm-dialog.js';
import type { DataListColumn } from '../../ui/data-table.js';
import { DataTable } from '../../ui/data-table.js';
import { FormField } from '../../ui/form-field.js';
import { notifyError, notifySuccess } from '../../ui/notify.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { AccountActionDialog, type ConfirmedAction } from './account-action-dialog.js';
import { AccountLog } from './account-log.js';
import { ChangePasswordForm } from './change-password-form.js';
import { ShownOncePassword } from './shown-once-password.js';
import './staff-screen.css';
import { formatDateTime } from '../../domain/format-date.js';

const statusOf = (account: StaffAccount) => (!account.active ? 'Deactivated' : account.must_change_password ? 'Active, password reset' : 'Active');

/** /staff: every staff account, adding one, resetting a password, deactivating, and one's own password. */
export function StaffScreen() {
  usePageTitle('Staff');
  const queryClient = useQueryClient();
  const accounts = useQuery(staffQueries.list());
  const [shown, setShown] = useState<{ email: string; password: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffQueries.all });
  const add = useRecordForm({
    initial: () => ({ email_address: '' }),
    schema: newStaffSchema,
    send: ({ email_address }) => staffCalls.add(email_address),
    onSaved: (created, rebase) => {
      rebase({ email_address: '' });
      setShown({ email: created.account.email_address, password: created.password });
      void refresh();
    },
    // Said beside the field as well as in the notification, as the server's refusals are.
    refusedMessage: (errors) => errors.email_address,
  });
  // The server's refusal shows beside the one field, whatever it names.
  const emailError = add.errorOf('email_address') ?? (add.failure === null ? undefined : errorText(add.failure));

  const [asking, setAsking] = useState<{ action: ConfirmedAction; account: StaffAccount } | null>(null);
  const done = (result: StaffPassword | StaffAccount) => {
    if ('password' in result) setShown({ email: result.account.email_address, password: result.password });
    else notifySuccess(`${result.email_address} is deactivated`);
    setAsking(null);
    void refresh();
  };
  const reactivate = async (account: StaffAccount) => {
    const confirmed = await confirmAction({
      title: 'Reactivate this account?',
      text: `${account.email_address} can log in again with their password.`,
      confirmLabel: 'Reactivate',
    });
    if (!confirmed) return;
    try {
      await staffCalls.reactivate(account.id, account.version);
      notifySuccess(`${account.email_address} is active again`);
    } catch (error) {
      notifyError(error);
    } finally {
      void refresh();
    }
  };

  const columns: DataListColumn<StaffAccount>[] = [
    { key: 'email', header: 'E-mail', render: (account) => (account.you ? `${account.email_address} (you)` : account.email_address) },
    { key: 'created', header: 'Created', width: '200px', render: (account) => formatDateTime(account.created_at) },
    { key: 'last-login', header: 'Last login', width: '200px', render: (account) => (account.last_login_at ? formatDateTime(account.last_login_at) : 'Never') },
    { key: 'status', header: 'Status', width: '150px', render: statusOf },
    {
      key: 'actions',
      header: 'Actions',
      width: '260px',
      render: (account) => (
        <span className="staff-actions">
          {!account.you && (
            <button
              type="button"
              className="button small"
              onClick={() => setAsking({ action: 'reset', account })}
              aria-label={`Reset password of ${account.email_address}`}
            >
              Reset password
            </button>
          )}
          {account.you ? null : account.active ? (
            <button
              type="button"
              className="button small danger"
              onClick={() => setAsking({ action: 'deactivate', account })}
              aria-label={`Deactivate ${account.email_address}`}
            >
              Deactivate
            </button>
          ) : (
            <button type="button" className="button small" onClick={() => void reactivate(account)} aria-label={`Reactivate ${account.email_address}`}>
              Reactivate
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className="page staff-screen">
      <div className="page-header">
        <h1>Staff</h1>
      </div>
      {shown && <ShownOncePassword email={shown.email} password={shown.password} onDone={() => setShown(null)} />}
      {accounts.isPending ? (
        <LoadingView label="Loading staff…" />
      ) : accounts.isError ? (
        <ErrorView message={accounts.error.message} />
      ) : (
        <DataTable rows={accounts.data} columns={columns} rowKey={(account) => account.id} sort={null} isSortable={() => false} onSort={() => undefined} />
      )}
      <form className="add-staff" onSubmit={add.submit} noValidate>
        <h2>Add a staff member</h2>
        <FormField label="E-mail" error={emailError} hint="They get a first password, shown here once.">
          <input type="email" autoComplete="off" value={add.draft.email_address} onChange={(event) => add.change('email_address', event.target.value)} />
        </FormField>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={add.saving}>
            Add
          </button>
        </div>
      </form>
      <ChangePasswordForm />
      <AccountLog />
      {asking && <AccountActionDialog action={asking.action} account={asking.account} onClose={() => setAsking(null)} onDone={done} />}
    </section>
  );
}
