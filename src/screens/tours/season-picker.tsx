import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { useSeasonParam } from './use-season-param.js';

/**
 * 'Pick a season': which of the tour's seasons the seasonal tabs show, kept in the `season` query.
 * The tour layout shows it above every seasonal tab, where those tabs would otherwise need a Save.
 */
export function SeasonPicker({ tour, tourRef, label = 'Pick a season' }: { tour: Tour; tourRef: string; label?: string }) {
  const { seasonId, tourSeason, setSeasonId } = useSeasonParam(tour);
  const id = useId();
  if (!tour.seasons.length) {
    return (
      <p className="season-picker muted">
        This tour has no seasons yet. <Link to={`/tours/${encodeURIComponent(tourRef)}/seasons`}>Add a season</Link>
      </p>
    );
  }
  return (
    <div className="season-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={tourSeason ? String(seasonId) : ''} onChange={(event) => setSeasonId(event.target.value ? Number(event.target.value) : null)}>
        <option value="" disabled>
          {label}
        </option>
        {tour.seasons.map((season) => (
          <option key={season.id} value={season.season_id}>
            {season.name}
            {season.live ? ' (live)' : ''}
          </option>
        ))}
      </select>
      {seasonId !== null && !tourSeason && <span className="error">This tour has no such season: pick one of its seasons.</span>}
    </div>
  );
}
