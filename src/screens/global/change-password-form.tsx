import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error.js';
import { staffCalls } from '../../api/staff-queries.js';
import { FormField } from '../../ui/form-field.js';
import { notifySuccess } from '../../ui/notify.js';

type Fields = { current_password: string; new_password: string; repeated: string };
const EMPTY: Fields = { current_password: '', new_password: '', repeated: '' };

/** Change my password: the current one, then the new one twice; the server applies the policy. */
export function ChangePasswordForm() {
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (fields.new_password !== fields.repeated) {
      setErrors({ repeated: 'The two new passwords are not the same' });
      return;
    }
    setBusy(true);
    try {
      await staffCalls.changeOwnPassword({ current_password: fields.current_password, new_password: fields.new_password });
      setFields(EMPTY);
      setErrors({});
      notifySuccess('Your password is changed. Your other sessions have ended.');
    } catch (error) {
      const items = error instanceof ApiError ? error.items : [{ msg: String(error) }];
      setErrors(Object.fromEntries(items.map((item) => [item.path === 'current_password' || item.path === 'new_password' ? item.path : 'form', item.msg])));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="change-password" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Change my password</h2>
      <FormField label="Current password" error={errors.current_password}>
        <input type="password" autoComplete="current-password" value={fields.current_password} onChange={set('current_password')} />
      </FormField>
      <FormField label="New password" error={errors.new_password} hint="At least 12 characters; a few unrelated words make a good one.">
        <input type="password" autoComplete="new-password" value={fields.new_password} onChange={set('new_password')} />
      </FormField>
      <FormField label="New password again" error={errors.repeated}>
        <input type="password" autoComplete="new-password" value={fields.repeated} onChange={set('repeated')} />
      </FormField>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={busy}>
          Change my password
        </button>
      </div>
    </form>
  );
}
