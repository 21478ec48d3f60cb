import { CheckGroup } from '../../ui/check-group.js';
import { FormField } from '../../ui/form-field.js';
import { RichTextEditor } from '../../ui/rich-text-editor.js';
import {
  DIFFICULTIES,
  GUIDANCE_OPTIONS,
  MONTHS,
  NIGHTS_OPTIONS,
  SEO_LABELS,
  TOUR_STATUSES,
  TOUR_STATUS_LABELS,
  WEEKDAYS,
  type TourStatus,
} from '../../domain/tours/tour-options.js';
import { GalleryPickerField } from '../media/gallery-picker-field.js';
import { ImagePickerField } from '../media/image-picker-field.js';
import { ReferenceListPicker, ReferencePicker } from '../reference/reference-pickers.js';
import type { FieldErrors, TourDraft } from './tour-form-values.js';

type Change = <Key extends keyof TourDraft>(key: Key, value: TourDraft[Key]) => void;
/** The fields that hold free text. */
type TextKey = { [Key in keyof TourDraft]: string extends TourDraft[Key] ? Key : never }[keyof TourDraft];
type SectionProps = { draft: TourDraft; errors: FieldErrors; change: Change };

const MONTH_OPTIONS = MONTHS.map((month, index) => ({ value: index + 1, label: month.slice(0, 3) }));
const NIGHT_OPTIONS = NIGHTS_OPTIONS.map((nights) => ({ value: nights, label: String(nights) }));
const DAY_OPTIONS = WEEKDAYS.map((day, index) => ({ value: index, label: day.slice(0, 3) }));
const DIFFICULTY_OPTIONS = DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: difficulty }));
const digits = (text: string) => text.replace(/\D/g, '');

/** Every field of the tour, grouped as SPEC.md section 3 groups them. */
export function TourFormSections({ draft, errors, change }: SectionProps) {
  const text = (key: TextKey, label: string, options: { hint?: string; autoFocus?: boolean } = {}) => (
    <FormField label={label} error={errors[key]} hint={options.hint}>
      <input type="text" autoFocus={options.autoFocus} value={draft[key]} onChange={(event) => change(key, event.target.value)} />
    </FormField>
  );
  // The draft keeps ids as text (blank for none); the pickers speak in ids.
  const idOf = (text: string) => (text === '' ? null : Number(text));
  const idText = (id: number | null) => (id === null ? '' : String(id));
  const image = (key: 'media_id' | 'hero_id', label: string) => (
    <ImagePickerField label={label} value={idOf(draft[key])} error={errors[key]} onChange={(id) => change(key, idText(id))} />
  );
  const gallery = (key: 'gallery_id' | 'accommodation_gallery_id', label: string) => (
    <GalleryPickerField label={label} value={idOf(draft[key])} error={errors[key]} onChange={(id) => change(key, idText(id))} />
  );
  return (
    <div className="tour-form-grid">
      <fieldset className="form-section">
        <legend>Identity</legend>
        {text('name', 'Name', { autoFocus: true })}
        {text('slug', 'Slug', { hint: 'The tour address on the website; made from the name when left blank' })}
        <div className="form-row">
          {text('tour_code', 'Tour code')}
          <FormField label="Status" error={errors.status}>
            <select value={draft.status} onChange={(event) => change('status', event.target.value as TourStatus)}>
              {TOUR_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {TOUR_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="form-row">
          {text('name_short', 'Short name')}
          {text('name_operator', 'Name at the operator')}
        </div>
        <ReferencePicker
          label="Operator"
          source="operators"
          value={draft.operator_id === '' ? null : Number(draft.operator_id)}
          error={errors.operator_id}
          onChange={(value) => change('operator_id', value === null ? '' : String(value))}
        />
        <FormField label="Excerpt" error={errors.excerpt}>
          <textarea rows={3} value={draft.excerpt} onChange={(event) => change('excerpt', event.target.value)} />
        </FormField>
      </fieldset>

      <fieldset className="form-section">
        <legend>Length and dates</legend>
        <div className="form-row">
          {text('length', 'Length', { hint: 'As the website shows it, e.g. 8 days / 7 nights' })}
          <FormField label="Balance due (days before arrival)" error={errors.balance_due}>
            <input
              className="narrow-number"
              inputMode="numeric"
              value={draft.balance_due}
              onChange={(event) => change('balance_due', digits(event.target.value))}
            />
          </FormField>
        </div>
        <CheckGroup label="Nights" options={NIGHT_OPTIONS} value={draft.nights} error={errors.nights} onChange={(value) => change('nights', value)} />
        <CheckGroup label="Months" options={MONTH_OPTIONS} value={draft.months} error={errors.months} onChange={(value) => change('months', value)} />
        <CheckGroup
          label="Arrival days"
          options={DAY_OPTIONS}
          value={draft.arrival_days}
          error={errors.arrival_days}
          onChange={(value) => change('arrival_days', value)}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend>Options</legend>
        <CheckGroup
          label="Difficulty"
          options={DIFFICULTY_OPTIONS}
          value={draft.difficulty}
          error={errors.difficulty}
          onChange={(value) => change('difficulty', value)}
        />
        <FormField label="Guidance" error={errors.guidance}>
          <select value={draft.guidance} onChange={(event) => change('guidance', event.target.value)}>
            <option value="">Not set</option>
            {GUIDANCE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>
        <div className="check-row">
          <label className="check">
            <input type="checkbox" checked={draft.bike_and_boat} onChange={(event) => change('bike_and_boat', event.target.checked)} />
            Bike and boat
          </label>
          <label className="check">
            <input type="checkbox" checked={draft.solo_cyclists_allowed} onChange={(event) => change('solo_cyclists_allowed', event.target.checked)} />
            Solo cyclists allowed
          </label>
        </div>
        {text('boat_accommodation', 'Boat accommodation')}
        <div className="form-row">
          {text('start_point', 'Start point')}
          {text('finish_point', 'Finish point')}
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>SEO</legend>
        {text('seo_title', SEO_LABELS.seo_title)}
        <FormField label={SEO_LABELS.seo_description} error={errors.seo_description}>
          <textarea rows={3} value={draft.seo_description} onChange={(event) => change('seo_description', event.target.value)} />
        </FormField>
        {text('seo_keywords', SEO_LABELS.seo_keywords)}
      </fieldset>

      <fieldset className="form-section wide">
        <legend>Content</legend>
        <div className="rich-text-grid">
          <RichTextEditor label="Content" value={draft.content} error={errors.content} onChange={(value) => change('content', value)} />
          <RichTextEditor label="Highlights" value={draft.highlights} error={errors.highlights} onChange={(value) => change('highlights', value)} />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Images and galleries</legend>
        {image('media_id', 'Overview image')}
        {image('hero_id', 'Hero image')}
        {gallery('gallery_id', 'Gallery')}
        {gallery('accommodation_gallery_id', 'Accommodation gallery')}
      </fieldset>

      <fieldset className="form-section wide">
        <legend>Places and links</legend>
        <div className="picker-grid">
          <ReferenceListPicker
            label="Destinations"
            source="destinations"
            value={draft.destinations}
            error={errors.destinations}
            onChange={(value) => change('destinations', value)}
          />
          <ReferenceListPicker label="Regions" source="regions" value={draft.regions} error={errors.regions} onChange={(value) => change('regions', value)} />
          <ReferenceListPicker label="Hotels" source="hotels" value={draft.hotels} error={errors.hotels} onChange={(value) => change('hotels', value)} />
          <ReferenceListPicker
            label="Restaurants"
            source="restaurants"
            value={draft.restaurants}
            error={errors.restaurants}
            onChange={(value) => change('restaurants', value)}
          />
          <ReferenceListPicker
            label="Related tours"
            source="tours"
            value={draft.related_tours}
            error={errors.related_tours}
            onChange={(value) => change('related_tours', value)}
          />
          <ReferenceListPicker
            label="Related themes"
            source="categories"
            value={draft.related_themes}
            error={errors.related_themes}
            onChange={(value) => change('related_themes', value)}
          />
        </div>
      </fieldset>
    </div>
  );
}
