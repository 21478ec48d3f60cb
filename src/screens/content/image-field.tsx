import { FormField } from '../../app/ui/form-field.js';

/**
 * The one place the content screens choose an image. For now it takes a media library id; when
 * the media picker lands it replaces the inside of this component and every form gets it.
 */
export function ImageField({ label, value, onChange, error }: { label: string; value: number | null; onChange: (value: number | null) => void; error?: string | null }) {
  return (
    <FormField label={label} error={error} hint="The id of an image in the media library">
      <input
        type="text"
        inputMode="numeric"
        className="content-id-input"
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          onChange(digits === '' ? null : Number(digits));
        }}
      />
    </FormField>
  );
}
