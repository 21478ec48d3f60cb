import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../app/api/api-error';
import { tourQueries } from '../../app/api/tour-queries';
import { confirmAction } from '../../app/ui/confirm-dialog';
import { copyConfirmation, type CopyDataType } from '../../domain/tours/copy-season-data';
import './copy-from-panel.css';

/** The tour season staff chose to copy from. `seasonId` is the season's id (seasons.id), as in the tour-* paths. */
export type CopySource = { tourId: number; tourName: string; seasonId: number; seasonName: string };

export type CopyFromPanelProps = {
  /** What is copied, as the confirmation names it. */
  type: CopyDataType;
  /** The tour and season on screen: copying a season onto itself is not offered. */
  tourId: string;
  seasonId: string;
  /** Fetches the source and stages the copies; a rejection is shown beside the button. */
  onCopy: (source: CopySource) => Promise<void>;
  onClose: () => void;
};

/**
 * Copy From (SPEC.md section 2): pick a tour and one of its seasons, confirm, and the copied rows
 * arrive staged on this screen (saved only by Save).
 */
export function CopyFromPanel({ type, tourId, seasonId, onCopy, onClose }: CopyFromPanelProps) {
  const id = useId();
  const tours = useQuery(tourQueries.list());
  const [chosenTour, setChosenTour] = useState('');
  const [chosenSeason, setChosenSeason] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);
  const firstField = useRef<HTMLSelectElement>(null);
  // Focus goes back where it came from (the Copy From button) when the panel closes; read
  // before the first field takes it.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => opener?.focus();
  }, []);
  useEffect(() => firstField.current?.focus(), [tours.isSuccess]);

  const sorted = useMemo(() => [...(tours.data ?? [])].filter((tour) => tour.seasons.length > 0).sort((a, b) => a.name.localeCompare(b.name)), [tours.data]);
  const tour = sorted.find((candidate) => String(candidate.id) === chosenTour);
  const seasons = (tour?.seasons ?? []).filter((season) => !(String(tour?.id) === tourId && String(season.season_id) === seasonId));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const season = seasons.find((candidate) => String(candidate.season_id) === chosenSeason);
    if (!tour || !season) {
      setMessage(tour ? 'Pick a season to copy from' : 'Pick a tour to copy from');
      return;
    }
    const source: CopySource = { tourId: tour.id, tourName: tour.name, seasonId: season.season_id, seasonName: season.name };
    setMessage(null);
    if (!(await confirmAction({ title: 'Copy From', text: copyConfirmation(type, source.tourName, source.seasonName), confirmLabel: 'Copy' }))) return;
    setCopying(true);
    try {
      await onCopy(source);
      onClose();
    } catch (error) {
      setMessage(errorText(error));
    } finally {
      setCopying(false);
    }
  };

  return (
    <form className="copy-from-panel" aria-label="Copy From" onSubmit={(event) => void submit(event)} onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <label className="bar-field" htmlFor={`${id}-tour`}>
        Tour
        <select
          ref={firstField}
          id={`${id}-tour`}
          value={chosenTour}
          onChange={(event) => {
            setChosenTour(event.target.value);
            setChosenSeason('');
          }}
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
        <select id={`${id}-season`} value={chosenSeason} onChange={(event) => setChosenSeason(event.target.value)} disabled={!tour}>
          <option value="">Pick a season…</option>
          {seasons.map((season) => (
            <option key={season.season_id} value={season.season_id}>
              {season.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button primary" disabled={copying}>
        {copying ? 'Copying…' : 'Copy'}
      </button>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      {(message || tours.isError) && (
        <span className="field-error" role="alert">
          {message ?? errorText(tours.error)}
        </span>
      )}
    </form>
  );
}
