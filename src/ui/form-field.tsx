import { useId, type ReactElement, cloneElement } from 'react';

type FieldProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** A field's error (announced) or, without one, its hint; `id` is what the control's aria-describedby names. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string | null; hint?: string }) {
  if (error) {
    return (
      <span id={id} className="field-error" role="alert">
        {error}
      </span>
    );
  }
  return hint ? (
    <span id={id} className="field-hint">
      {hint}
    </span>
  ) : null;
}

/**
 * A labelled field with its error beside it (UX.md). The single child control gets the id, the
 * invalid state and the description link, so screen readers announce the error with the field.
 */
export function FormField({ label, error, hint, children }: { label: string; error?: string | null; hint?: string; children: ReactElement<FieldProps> }) {
  const id = useId();
  const messageId = `${id}-message`;
  const control = cloneElement(children, {
    id: children.props.id ?? id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
  });
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={children.props.id ?? id}>{label}</label>
      {control}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
