import { Link } from 'react-router-dom';
import { usePageTitle } from '../../ui/use-page-title.js';
import { formatPounds } from '../../domain/format-money.js';
import { GUIDANCE_OPTIONS } from '../../domain/tours/tour-options.js';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { TourForm } from './tour-form.js';
import { useTour } from './use-tour.js';

/** /tours/{id}: the tour at a glance (its seasons and their live flags), then its form. */
export function TourOverviewScreen() {
  const { tour, tourRef } = useTour();
  usePageTitle(tour.name);
  return (
    <div className="tour-tab-body">
      <TourSummary tour={tour} tourRef={tourRef} />
      {/* A fresh form per saved version: after a save it starts again from what was stored. */}
      <TourForm key={tour.version} tour={tour} />
    </div>
  );
}

function TourSummary({ tour, tourRef }: { tour: Tour; tourRef: string }) {
  const guidance = GUIDANCE_OPTIONS.find((option) => option.value === tour.guidance)?.label ?? 'Not set';
  const base = `/tours/${encodeURIComponent(tourRef)}`;
  return (
    <section className="tour-summary" aria-label="Summary">
      <dl className="summary-facts">
        <div>
          <dt>Length</dt>
          <dd>{tour.length || '—'}</dd>
        </div>
        <div>
          <dt>Nights</dt>
          <dd>{tour.nights.length ? tour.nights.join(', ') : '—'}</dd>
        </div>
        <div>
          <dt>Guidance</dt>
          <dd>{guidance}</dd>
        </div>
        <div>
          <dt>Difficulty</dt>
          <dd>{tour.difficulty.length ? tour.difficulty.join(', ') : '—'}</dd>
        </div>
        <div>
          <dt>Balance due</dt>
          <dd>{tour.balance_due} days before arrival</dd>
        </div>
      </dl>
      <div className="summary-seasons">
        <div className="tab-header">
          <h2>Seasons</h2>
          <Link to={`${base}/seasons`} className="button small">
            Edit seasons
          </Link>
        </div>
        {tour.seasons.length === 0 ? (
          <p className="muted">
            This tour has no seasons yet. <Link to={`${base}/seasons`}>Add a season</Link> to price it.
          </p>
        ) : (
          <table className="table compact">
            <thead>
              <tr>
                <th>Season</th>
                <th>Live</th>
                <th>Pricing model</th>
                <th>Currency</th>
                <th style={{ textAlign: 'right' }}>Deposit</th>
              </tr>
            </thead>
            <tbody>
              {tour.seasons.map((season) => (
                <tr key={season.id}>
                  <td>
                    <Link to={`${base}/pricing?season=${season.season_id}`}>{season.name}</Link>
                  </td>
                  <td>{season.live ? <span className="status-badge status-live">Live</span> : <span className="status-badge status-draft">Not live</span>}</td>
                  <td>{season.model ? `${season.model.name} (${season.model.id})` : <span className="error">No model</span>}</td>
                  <td>
                    {season.currency ? (
                      `${season.currency.name}${season.currency.rate === null ? '' : ` at ${season.currency.rate}`}`
                    ) : (
                      <span className="error">No currency</span>
                    )}
                  </td>
                  <td style={{ textAlign: 'right' }}>{season.deposit === null ? '—' : formatPounds(season.deposit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
