import { FormField } from '../../../app/ui/form-field.js';

/** A window of two optional dates (from, to); an emptied date is none (null). */
export function DateWindowFields({
  legend,
  hint,
  start,
  end,
  startError,
  endError,
  onStart,
  onEnd,
}: {
  legend: string;
  hint: string;
  start: string | null;
  end: string | null;
  startError?: string;
  endError?: string;
  onStart: (value: string | null) => void;
  onEnd: (value: string | null) => void;
}) {
  return (
    <fieldset className="date-window">
      <legend className="field-label">
        {legend} <span className="muted">({hint})</span>
      </legend>
      <div className="content-row">
        <FormField label={`${legend} from`} error={startError}>
          <input type="date" value={start ?? ''} onChange={(event) => onStart(event.target.value || null)} />
        </FormField>
        <FormField label={`${legend} to`} error={endError}>
          <input type="date" value={end ?? ''} onChange={(event) => onEnd(event.target.value || null)} />
        </FormField>
      </div>
    </fieldset>
  );
}
