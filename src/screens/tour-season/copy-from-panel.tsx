import { useEffect, useId, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { errorText } from '../../api/api-error';
import { tourQueries } from '../../api/tour-queries';
import type { TourListItem } from '../../domain/tours/tour-list-schema';
import { confirmAction } from '../../ui/confirm-dialog';
import { useRecordForm } from '../../ui/use-record-form';
import { copyConfirmation, type CopyDataType } from '../../domain/tours/copy-season-data';
import { countedText, type CopyCount, type CopyMode } from '../../domain/tours/plan-season-copy';
import './copy-from-panel.css';

/** The tour season staff chose to copy from. `seasonId` is the season's id (seasons.id), as in the tour-* paths. */
export type CopySource = { tourId: number; tourName: string; seasonId: number; seasonName: string };

export type CopyFromPanelProps = {
  /** What is copied, as the confirmation names it. */
  type: CopyDataType;
  /** The tour and season on screen: copying a season onto itself is not offered. */
  tourId: string;
  seasonId: string;
  /** What this season holds (its groups, extras...): when it holds any, Replace or Append must be chosen. */
  existing: CopyCount;
  /** Fetches the source and works out the copy; a rejection is shown beside the button. */
  onPlan: (source: CopySource, mode: CopyMode) => Promise<PlannedCopy>;
  onClose: () => void;
};

/** A copy worked out but not yet made: the preview's lines, and what stages it once confirmed. */
export type PlannedCopy = { lines: string[]; apply: () => void };

/** The panel's choices as picked: ids as the selects hold them, no mode until one is chosen. */
type CopyChoice = { tour: string; season: string; mode: CopyMode | '' };

type OfferedTour = TourListItem;
type OfferedSeason = TourListItem['seasons'][number];

/** The choices checked: the tour and season found among those offered, and a mode. */
const choiceSchema = (existing: CopyCount) =>
  z.object({
    tour: z.custom<OfferedTour>((tour) => tour !== undefined, 'Pick a tour to copy from'),
    season: z.custom<OfferedSeason>((season) => season !== undefined, 'Pick a season to copy from'),
    mode: z.enum(['replace', 'append'], { error: `Choose Replace or Append: this season already has ${countedText(existing)}` }),
  });

const MODES: { mode: CopyMode; label: string; hint: string }[] = [
  { mode: 'replace', label: 'Replace', hint: "Remove this season's data (on Save) and put the copy in its place" },
  { mode: 'append', label: 'Append', hint: "Keep this season's data and add the copy after it" },
];

/**
 * Copy From (SPEC.md section 2): pick a tour, one of its seasons and Replace or Append; a preview
 * of what the copy will do (counts, dates moved into this season's year) asks for confirmation,
 * and the copied rows arrive staged on this screen (saved only by Save).
 */
export function CopyFromPanel({ type, tourId, seasonId, existing, onPlan, onClose }: CopyFromPanelProps) {
  const id = useId();
  const tours = useQuery(tourQueries.list());
  const firstField = useRef<HTMLSelectElement>(null);
  // Focus goes back where it came from (the Copy From button) when the panel closes; read
  // before the first field takes it.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, []);
  useEffect(() => firstField.current?.focus(), [tours.isSuccess]);

  const sorted = useMemo(() => [...(tours.data ?? [])].filter((tour) => tour.seasons.length > 0).sort((a, b) => a.name.localeCompare(b.name)), [tours.data]);
  const seasonsOf = (tour: OfferedTour | undefined) =>
    (tour?.seasons ?? []).filter((season) => !(String(tour?.id) === tourId && String(season.season_id) === seasonId));

  const confirmCopy = async (source: CopySource, mode: CopyMode, planned: PlannedCopy) => {
    const text = copyConfirmation(type, source.tourName, source.seasonName);
    // Replacing stored data is a deletion on Save: the confirm button says so by its colour.
    const danger = mode === 'replace' && existing.count > 0;
    if (!(await confirmAction({ title: 'Copy From', text, details: planned.lines, confirmLabel: 'Copy', danger }))) return;
    planned.apply();
    onClose();
  };

  // Not a record: Copy works the copy out (onPlan), asks with its preview, and stages it on this screen.
  const form = useRecordForm({
    // Nothing to replace in an empty season, so the choice only matters, and is only asked, when it holds data.
    initial: (): CopyChoice => ({ tour: '', season: '', mode: existing.count === 0 ? 'append' : '' }),
    schema: choiceSchema(existing),
    valuesOf: (choice: CopyChoice) => {
      const tour = sorted.find((candidate) => String(candidate.id) === choice.tour);
      return { tour, season: seasonsOf(tour).find((season) => String(season.season_id) === choice.season), mode: choice.mode || undefined };
    },
    send: async ({ tour, season, mode }) => {
      const source: CopySource = { tourId: tour.id, tourName: tour.name, seasonId: season.season_id, seasonName: season.name };
      return { source, mode, planned: await onPlan(source, mode) };
    },
    onSaved: ({ source, mode, planned }) => void confirmCopy(source, mode, planned),
    // A failure to work the copy out is said beside the button, and only there.
    failedMessage: false,
    asksBeforeLeaving: false,
  });
  const { draft } = form;
  const tour = sorted.find((candidate) => String(candidate.id) === draft.tour);
  const seasons = seasonsOf(tour);
  // One message, the first that applies: what to pick, else why the copy could not be worked out.
  const message =
    form.errorOf('tour') ??
    form.errorOf('season') ??
    form.errorOf('mode') ??
    (form.failure !== null ? errorText(form.failure) : tours.isError ? errorText(tours.error) : undefined);

  return (
    <form className="copy-from-panel" aria-label="Copy From" onSubmit={form.submit} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <label className="bar-field" htmlFor={`${id}-tour`}>
        Tour
        <select
          ref={firstField}
          id={`${id}-tour`}
          value={draft.tour}
          onChange={(event) => form.setDraft((current) => ({ ...current, tour: event.target.value, season: '' }))}
          disabled={!tours.data}
        >
          <option value="">{tours.isPending ? 'Loading tours…' : 'Pick a tour…'}</option>
          {sorted.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
              {candidate.tour_code ? ` (${candidate.tour_code})` : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="bar-field" htmlFor={`${id}-season`}>
        Season
        <select id={`${id}-season`} value={draft.season} onChange={(event) => form.change('season', event.target.value)} disabled={!tour}>
          <option value="">Pick a season…</option>
          {seasons.map((season) => (
            <option key={season.season_id} value={season.season_id}>
              {season.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>This season&apos;s data</legend>
        {MODES.map((option) => (
          <label key={option.mode} className="bar-check" title={option.hint}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={option.mode}
              checked={draft.mode === option.mode}
              onChange={() => form.change('mode', option.mode)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button primary" disabled={form.saving}>
        {form.saving ? 'Copying…' : 'Copy'}
      </button>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      {message && (
        <span className="field-error" role="alert">
          {message}
        </span>
      )}
    </form>
  );
}
