import { FormField } from '../../ui/form-field.js';
import { RichTextEditor } from '../../ui/rich-text-editor.js';
import type { FormField as FieldSpec } from '../../domain/reference/form-fields.js';
import { GalleryPickerField } from '../media/gallery-picker-field.js';
import { ImagePickerField } from '../media/image-picker-field.js';
import { ReferenceListPicker, ReferencePicker } from './reference-pickers.js';

type Props = {
  field: FieldSpec;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  autoFocus?: boolean;
};

/** One field of a reference form, drawn as its registry entry says. */
export function ReferenceFieldInput({ field, value, error, onChange, onBlur, autoFocus }: Props) {
  switch (field.kind) {
    case 'rich-text':
      return <RichTextEditor label={field.label} value={String(value ?? '')} onChange={onChange} error={error} hint={field.hint} />;
    case 'reference':
      return <ReferencePicker label={field.label} source={field.source} value={(value as number | null) ?? null} onChange={onChange} error={error} />;
    case 'reference-list':
      return <ReferenceListPicker label={field.label} source={field.source} value={(value as number[]) ?? []} onChange={onChange} error={error} />;
    case 'select': {
      const index = field.options.findIndex((option) => option.value === value);
      return (
        <FormField label={field.label} error={error} hint={field.hint}>
          <select value={index} onChange={(event) => onChange(field.options[Number(event.target.value)]?.value ?? null)} onBlur={onBlur}>
            {field.options.map((option, position) => (
              <option key={String(option.value)} value={position}>
                {typeof option.value === 'number' ? `${option.value} ${option.label}` : option.label}
              </option>
            ))}
          </select>
        </FormField>
      );
    }
    case 'textarea':
      return (
        <FormField label={field.label} error={error} hint={field.hint}>
          <textarea rows={4} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} />
        </FormField>
      );
    case 'image':
      return <ImagePickerField label={field.label} value={(value as number | null) ?? null} onChange={onChange} error={error} hint={field.hint} />;
    case 'gallery':
      return <GalleryPickerField label={field.label} value={(value as number | null) ?? null} onChange={onChange} error={error} />;
    case 'number':
      return (
        <FormField label={field.label} error={error} hint={field.hint}>
          <input
            type="number"
            inputMode="decimal"
            min={field.min}
            max={field.max}
            step={field.step ?? 'any'}
            value={String(value ?? '')}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            className="narrow"
          />
        </FormField>
      );
    default:
      return (
        <FormField label={field.label} error={error} hint={field.hint}>
          <input type="text" value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} autoFocus={autoFocus} />
        </FormField>
      );
  }
}
