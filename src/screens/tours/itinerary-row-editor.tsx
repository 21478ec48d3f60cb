import { FormField } from '../../ui/form-field.js';
import { RichTextEditor } from '../../ui/rich-text-editor.js';
import { ITINERARY_TYPES, ITINERARY_TYPE_LABELS, type ItineraryType } from '../../domain/tours/itinerary-schema.js';
import { ImagePickerField } from '../media/image-picker-field.js';

/** One itinerary day as edited: numbers as typed, `key` stable across moves, `id` once saved. */
export type ItineraryDraft = { key: string; id?: number; day: string; title: string; type: string; content: string; media_id: string };

/** A day of the itinerary: day, title, type, image and content, with move and remove controls. */
export function ItineraryRowEditor({
  row,
  position,
  count,
  dayError,
  onChange,
  onMove,
  onRemove,
}: {
  row: ItineraryDraft;
  position: number;
  count: number;
  dayError: string | null;
  onChange: (change: Partial<ItineraryDraft>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const name = `Day ${row.day || '?'}${row.title ? `: ${row.title}` : ''}`;
  return (
    <li className="itinerary-row" aria-label={name}>
      <div className="itinerary-fields">
        <FormField label="Day" error={dayError}>
          <input className="narrow-number" inputMode="numeric" value={row.day} onChange={(event) => onChange({ day: event.target.value })} />
        </FormField>
        <FormField label="Title">
          <input type="text" value={row.title} onChange={(event) => onChange({ title: event.target.value })} />
        </FormField>
        <FormField label="Type">
          <select value={row.type} onChange={(event) => onChange({ type: event.target.value as ItineraryType })}>
            {ITINERARY_TYPES.map((type) => (
              <option key={type} value={type}>
                {ITINERARY_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </FormField>
        <ImagePickerField
          compact
          label="Image"
          value={row.media_id === '' ? null : Number(row.media_id)}
          onChange={(id) => onChange({ media_id: id === null ? '' : String(id) })}
        />
        <div className="itinerary-row-actions">
          <button type="button" className="button small" disabled={position === 0} aria-label={`Move ${name} up`} onClick={() => onMove(position - 1)}>
            ↑
          </button>
          <button
            type="button"
            className="button small"
            disabled={position === count - 1}
            aria-label={`Move ${name} down`}
            onClick={() => onMove(position + 1)}
          >
            ↓
          </button>
          <button type="button" className="button small danger" aria-label={`Remove ${name}`} onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
      <RichTextEditor label={`Content of day ${row.day || '?'}`} value={row.content} onChange={(content) => onChange({ content })} />
    </li>
  );
}
