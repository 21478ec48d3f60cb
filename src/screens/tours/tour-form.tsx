import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { notifyError } from '../../ui/notify.js';
import { KeptDraftNotice } from '../../ui/kept-draft-notice.js';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes.js';
import { SEO_DESCRIPTION_REQUIRED } from '../../domain/tours/tour-options.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { slugify } from '../../domain/tours/tour-slug.js';
import { TourFormSections } from './tour-form-sections.js';
import { checkTourDraft, draftFromTour, emptyTourDraft, type FieldErrors, type TourDraft } from './tour-form-values.js';
import { useTourSave } from './use-tour-save.js';

/** The tour form of SPEC.md sections 2 and 3: a new tour when `tour` is null, else an edit of it. */
export function TourForm({ tour }: { tour: Tour | null }) {
  const editing = tour !== null;
  const [initial] = useState<TourDraft>(() => (tour ? draftFromTour(tour) : emptyTourDraft()));
  const [draft, setDraft] = useState(initial);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  // A new tour's slug follows its name until staff type a slug of their own.
  const [slugFollowsName, setSlugFollowsName] = useState(!editing);
  const { save, saving, saved, serverErrors } = useTourSave(tour);
  const draftKey = tour ? `tour:${tour.id}:v${tour.version}` : 'tour:new';
  useUnsavedChangesPrompt(JSON.stringify(draft) !== JSON.stringify(initial) && !saved, { key: draftKey, value: draft });
  // After the prompt's hook, so the prompt already knows the form is saved when this leaves.
  const navigate = useNavigate();
  useEffect(() => {
    if (saved) void navigate('/tours');
  }, [saved, navigate]);

  const change = <Key extends keyof TourDraft>(key: Key, value: TourDraft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value, ...(key === 'name' && slugFollowsName ? { slug: slugify(String(value)) } : {}) }));
    if (key === 'slug') setSlugFollowsName(false);
    setLocalErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkTourDraft(draft, editing);
    setLocalErrors(check.errors);
    // SPEC.md section 5: an edit without an SEO description is refused here, and nothing is sent.
    if (check.seoMissing) notifyError(SEO_DESCRIPTION_REQUIRED);
    else if (!check.values) notifyError('Please correct the fields marked in red.');
    if (check.values) save(check.values);
  };

  return (
    <form className="tour-form" onSubmit={submit} noValidate aria-label={editing ? `Edit ${tour.name}` : 'New tour'}>
      <KeptDraftNotice<TourDraft> draftKey={draftKey} onRestore={(kept) => setDraft({ ...initial, ...kept })} />
      <TourFormSections draft={draft} errors={{ ...serverErrors, ...localErrors }} change={change} />
      <div className="form-actions sticky-actions">
        <button type="submit" className="button primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <Link className="button" to="/tours">
          Cancel
        </Link>
      </div>
    </form>
  );
}
