import { NavLink, useSearchParams } from 'react-router-dom';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { SEASON_PARAM, TOUR_TABS } from './tour-tabs.js';

/** The tabs under the tour's name; seasonal tabs carry the chosen season along. */
export function TourSubNav({ tour, tourRef }: { tour: Tour; tourRef: string }) {
  const [params] = useSearchParams();
  const season = params.get(SEASON_PARAM);
  const base = `/tours/${encodeURIComponent(tourRef)}`;
  return (
    <nav className="tour-tabs" aria-label="Tour">
      {TOUR_TABS.map((tab) => (
        <NavLink
          key={tab.path}
          end
          to={{ pathname: tab.path ? `${base}/${tab.path}` : base, search: tab.seasonal && season ? `?${SEASON_PARAM}=${encodeURIComponent(season)}` : '' }}
          className={({ isActive }) => (isActive ? 'active' : undefined)}
        >
          {tab.label}
        </NavLink>
      ))}
      {tour.public_url ? (
        <a className="tour-view-link" href={tour.public_url} target="_blank" rel="noopener noreferrer">
          View
        </a>
      ) : (
        <span className="tour-view-link muted" title="The public site address (SITE_HOST) is not set on the server">
          View
        </span>
      )}
    </nav>
  );
}
