import { Link } from 'react-router-dom';
import { KeptDraftNotice } from '../../ui/kept-draft-notice.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { slugify } from '../../domain/tours/tour-slug.js';
import { TourFormSections } from './tour-form-sections.js';
import { draftFromTour, emptyTourDraft, tourFormCheck, tourRefusedMessage, type FieldErrors, type TourDraft } from './tour-form-values.js';
import { tourSave } from './use-tour-save.js';

/** The tour form of SPEC.md sections 2 and 3: a new tour when `tour` is null, else an edit of it. */
export function TourForm({ tour }: { tour: Tour | null }) {
  const editing = tour !== null;
  const draftKey = tour ? `tour:${tour.id}:v${tour.version}` : 'tour:new';
  const form = useRecordForm({
    initial: (): TourDraft => (tour ? draftFromTour(tour) : emptyTourDraft()),
    ...tourFormCheck(editing),
    ...tourSave(tour),
    // A new tour's slug follows its name until staff type a slug of their own.
    slug: { from: 'name', follows: !editing, make: slugify },
    draftKey,
    refusedMessage: tourRefusedMessage,
  });
  const errors: FieldErrors = Object.fromEntries(Object.keys(form.draft).map((key) => [key, form.errorOf(key)]));

  return (
    <form className="tour-form" onSubmit={form.submit} noValidate aria-label={editing ? `Edit ${tour.name}` : 'New tour'}>
      <KeptDraftNotice<TourDraft> draftKey={draftKey} onRestore={form.restore} />
      <TourFormSections draft={form.draft} errors={errors} change={form.change} />
      <div className="form-actions sticky-actions">
        <button type="submit" className="button primary" disabled={form.saving}>
          {form.saving ? 'Saving…' : 'Save'}
        </button>
        <Link className="button" to="/tours">
          Cancel
        </Link>
      </div>
    </form>
  );
}
