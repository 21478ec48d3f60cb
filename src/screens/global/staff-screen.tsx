import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/api-error.js';
import { staffCalls, staffQueries } from '../../api/staff-queries.js';
import { newStaffSchema, type StaffAccount } from '../../domain/staff.js';
import { confirmAction } from '../../ui/confirm-dialog.js';
import type { DataListColumn } from '../../ui/data-table.js';
import { DataTable } from '../../ui/data-table.js';
import { FormField } from '../../ui/form-field.js';
import { notifyError, notifySuccess } from '../../ui/notify.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { ChangePasswordForm } from './change-password-form.js';
import { ShownOncePassword } from './shown-once-password.js';
import './staff-screen.css';
import { formatDateTime } from '../../domain/format-date.js';

type Action = 'reset' | 'deactivate' | 'reactivate';

const CONFIRMS: Record<Action, (email: string) => Parameters<typeof confirmAction>[0]> = {
  reset: (email) => ({
    title: 'Reset the password?',
    text: `${email} gets a new password, shown once here, and is logged out everywhere.`,
    confirmLabel: 'Reset password',
  }),
  deactivate: (email) => ({
    title: 'Deactivate this account?',
    text: `${email} is logged out at once and cannot log in until reactivated.`,
    confirmLabel: 'Deactivate',
    danger: true,
  }),
  reactivate: (email) => ({ title: 'Reactivate this account?', text: `${email} can log in again with their password.`, confirmLabel: 'Reactivate' }),
};

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

  const act = async (action: Action, account: StaffAccount) => {
    if (!(await confirmAction(CONFIRMS[action](account.email_address)))) return;
    try {
      if (action === 'reset') {
        const reset = await staffCalls.resetPassword(account.id);
        setShown({ email: account.email_address, password: reset.password });
      } else {
        await (action === 'deactivate' ? staffCalls.deactivate(account.id) : staffCalls.reactivate(account.id));
        notifySuccess(`${account.email_address} is ${action === 'deactivate' ? 'deactivated' : 'active again'}`);
      }
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
    { key: 'status', header: 'Status', width: '110px', render: (account) => (account.active ? 'Active' : 'Deactivated') },
    {
      key: 'actions',
      header: 'Actions',
      width: '260px',
      render: (account) => (
        <span className="staff-actions">
          {!account.you && (
            <button type="button" className="button small" onClick={() => void act('reset', account)} aria-label={`Reset password of ${account.email_address}`}>
              Reset password
            </button>
          )}
          {account.active ? (
            <button
              type="button"
              className="button small danger"
              onClick={() => void act('deactivate', account)}
              aria-label={`Deactivate ${account.email_address}`}
            >
              Deactivate
            </button>
          ) : (
            <button type="button" className="button small" onClick={() => void act('reactivate', account)} aria-label={`Reactivate ${account.email_address}`}>
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
    </section>
  );
}
