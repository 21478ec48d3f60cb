import { staffCalls } from '../../api/staff-queries.js';
import { accountActionSchema, type StaffAccount, type StaffPassword } from '../../domain/staff.js';
import { FormField } from '../../ui/form-field.js';
import { failureOutsideFields, FormFailure } from '../../ui/form-failure.js';
import { Modal } from '../../ui/modal.js';
import { useRecordForm } from '../../ui/use-record-form.js';

export type ConfirmedAction = 'reset' | 'deactivate';

const WORDING: Record<ConfirmedAction, { title: string; text: (email: string) => string; confirm: string }> = {
  reset: {
    title: 'Reset the password?',
    text: (email) => `${email} gets a temporary password, shown once here, is logged out everywhere, and must choose their own at the next login.`,
    confirm: 'Reset password',
  },
  deactivate: {
    title: 'Deactivate this account?',
    text: (email) => `${email} is logged out at once and cannot log in until reactivated.`,
    confirm: 'Deactivate',
  },
};

const typedSchema = accountActionSchema.pick({ current_password: true });

type AccountActionDialogProps = {
  action: ConfirmedAction;
  account: StaffAccount;
  onClose: () => void;
  /** After the server did it: the reset's temporary password, or the deactivated account. */
  onDone: (result: StaffPassword | StaffAccount) => void;
};

/**
 * Resetting or deactivating someone else's account asks for your own password again (issue 30),
 * so a session left open on a desk cannot take over a colleague's account. The account's version
 * as listed goes with it: of two resets at once, the second is refused (409) and says so here.
 */
export function AccountActionDialog({ action, account, onClose, onDone }: AccountActionDialogProps) {
  const wording = WORDING[action];
  const form = useRecordForm({
    initial: () => ({ current_password: '' }),
    schema: typedSchema,
    send: ({ current_password }): Promise<StaffPassword | StaffAccount> => {
      const body = { current_password, version: account.version };
      return action === 'reset' ? staffCalls.resetPassword(account.id, body) : staffCalls.deactivate(account.id, body);
    },
    onSaved: (result) => onDone(result),
    failedMessage: false,
    asksBeforeLeaving: false,
  });
  // A wrong password shows beside its field; anything else (a 409) under the form.
  const failure = form.failure === null ? undefined : failureOutsideFields(form.failure, ['current_password']);
  return (
    <Modal title={wording.title} onClose={onClose} className="account-action-dialog">
      <form onSubmit={form.submit} noValidate>
        <p>{wording.text(account.email_address)}</p>
        <FormField label="Your own password" error={form.errorOf('current_password')} hint="To confirm it is you at this desk.">
          <input
            type="password"
            autoComplete="current-password"
            data-autofocus
            value={form.draft.current_password}
            onChange={(event) => form.change('current_password', event.target.value)}
          />
        </FormField>
        <FormFailure message={failure} />
        <div className="form-actions">
          <button type="submit" className={action === 'deactivate' ? 'button danger' : 'button primary'} disabled={form.saving}>
            {wording.confirm}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
