import { z } from 'zod';
import { staffCalls } from '../../api/staff-queries.js';
import { changePasswordSchema } from '../../domain/staff.js';
import { FormField } from '../../ui/form-field.js';
import { failureOutsideFields, FormFailure } from '../../ui/form-failure.js';
import { useRecordForm } from '../../ui/use-record-form.js';

const EMPTY = { current_password: '', new_password: '', repeated: '' };
const FIELDS = ['current_password', 'new_password'];

// The route's schema, and the new password typed twice alike.
const typedSchema = changePasswordSchema
  .extend({ repeated: z.string() })
  .refine((typed) => typed.new_password === typed.repeated, { message: 'The two new passwords are not the same', path: ['repeated'] });

type ChangePasswordFormProps = {
  heading?: string;
  /** The label of the first field: the temporary password, when a reset set it. */
  currentLabel?: string;
  /** After the server took the new password. */
  onChanged?: () => void;
};

/** Change my password: the current one, then the new one twice; the server applies the policy. */
export function ChangePasswordForm({ heading = 'Change my password', currentLabel = 'Current password', onChanged }: ChangePasswordFormProps) {
  const form = useRecordForm({
    initial: () => EMPTY,
    schema: typedSchema,
    send: ({ current_password, new_password }) => staffCalls.changeOwnPassword({ current_password, new_password }),
    savedMessage: 'Your password is changed. Your other sessions have ended.',
    onSaved: (_result, rebase) => {
      rebase(EMPTY);
      onChanged?.();
    },
    // The refusal shows in the form, beside the field it names; no notification besides.
    failedMessage: false,
    // Passwords half typed are not a record to keep: leaving drops them, as ever.
    asksBeforeLeaving: false,
  });
  const { draft, errorOf } = form;
  // The fields' own messages show beside them; what names no field, under the form.
  const failure = form.failure === null ? undefined : failureOutsideFields(form.failure, FIELDS);

  return (
    <form className="change-password" onSubmit={form.submit} noValidate>
      <h2>{heading}</h2>
      <FormField label={currentLabel} error={errorOf('current_password')}>
        <input
          type="password"
          autoComplete="current-password"
          value={draft.current_password}
          onChange={(event) => form.change('current_password', event.target.value)}
        />
      </FormField>
      <FormField label="New password" error={errorOf('new_password')} hint="At least 12 characters; a few unrelated words make a good one.">
        <input type="password" autoComplete="new-password" value={draft.new_password} onChange={(event) => form.change('new_password', event.target.value)} />
      </FormField>
      <FormField label="New password again" error={errorOf('repeated')}>
        <input type="password" autoComplete="new-password" value={draft.repeated} onChange={(event) => form.change('repeated', event.target.value)} />
      </FormField>
      <FormFailure message={failure} />
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={form.saving}>
          {heading}
        </button>
      </div>
    </form>
  );
}
