import { FormField } from '../../../ui/form-field.js';
import { INSPIRATION_SLIDE_TYPE_OPTIONS, withSlugSuffix } from '../../../domain/content/content-constants.js';
import { FormSection } from '../content-form-parts.js';
import { ImageField } from '../image-field.js';
import { newRowKey, SortableList } from '../sortable-list.js';

/** A slide as typed; its order is its place in the list. `type` holds the stored form, 'tours-slug'. */
export type SlideDraft = { key: string; name: string; subtitle: string; slug: string; type: string; media_id: number | null };

export const newSlide = (): SlideDraft => ({ key: newRowKey(), name: '', subtitle: '', slug: '', type: withSlugSuffix('tours'), media_id: null });

/**
 * The inspiration slides of a page: each links to a tour, destination, region or offer by its
 * slug. The type is chosen as 'Tours' and saved as 'tours-slug' (SPEC.md section 9).
 */
export function InspirationSlidesEditor({
  slides,
  onChange,
  errorOf,
}: {
  slides: SlideDraft[];
  onChange: (slides: SlideDraft[]) => void;
  errorOf: (path: string) => string | undefined;
}) {
  const set = (index: number, patch: Partial<SlideDraft>) => onChange(slides.map((slide, at) => (at === index ? { ...slide, ...patch } : slide)));
  return (
    <FormSection title="Inspiration slides" id="inspiration">
      {slides.length === 0 ? (
        <p className="muted">No slides yet.</p>
      ) : (
        <SortableList items={slides} label="Inspiration slides" onReorder={onChange}>
          {(slide, index, handle) => {
            const path = (field: string) => `meta.inspiration.${index}.${field}`;
            const label = `Slide ${index + 1}`;
            const broken = ['name', 'subtitle', 'slug', 'type', 'media_id'].some((field) => errorOf(path(field)));
            const known = INSPIRATION_SLIDE_TYPE_OPTIONS.some((option) => option.value === slide.type);
            return (
              <div className={`row-card${broken ? ' has-error' : ''}`}>
                <div className="row-card-header">
                  {handle}
                  <h3>
                    {label}
                    {slide.name && <span className="muted">: {slide.name}</span>}
                  </h3>
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button small danger"
                      aria-label={`Remove ${label.toLowerCase()}`}
                      onClick={() => onChange(slides.filter((_, at) => at !== index))}
                    >
                      Remove
                    </button>
                  </span>
                </div>
                <div className="row-card-fields">
                  <FormField label={`${label} name`} error={errorOf(path('name'))}>
                    <input type="text" value={slide.name} onChange={(event) => set(index, { name: event.target.value })} />
                  </FormField>
                  <FormField label={`${label} subtitle`} error={errorOf(path('subtitle'))}>
                    <input type="text" value={slide.subtitle} onChange={(event) => set(index, { subtitle: event.target.value })} />
                  </FormField>
                </div>
                <div className="row-card-fields">
                  <FormField label={`${label} type`} error={errorOf(path('type'))} hint={`Saved as "${slide.type}"`}>
                    <select value={slide.type} onChange={(event) => set(index, { type: event.target.value })}>
                      {!known && <option value={slide.type}>{slide.type}</option>}
                      {INSPIRATION_SLIDE_TYPE_OPTIONS.map((option) => (
                        <option key={String(option.value)} value={String(option.value)}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </FormField>
                  <FormField label={`${label} slug`} error={errorOf(path('slug'))} hint="The slug of the record it links to">
                    <input type="text" value={slide.slug} onChange={(event) => set(index, { slug: event.target.value })} />
                  </FormField>
                  <ImageField
                    label={`${label} image`}
                    value={slide.media_id}
                    error={errorOf(path('media_id'))}
                    onChange={(value) => set(index, { media_id: value })}
                  />
                </div>
              </div>
            );
          }}
        </SortableList>
      )}
      <button type="button" className="button" onClick={() => onChange([...slides, newSlide()])}>
        Add slide
      </button>
    </FormSection>
  );
}
