import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { bookingQueries } from '../../app/api/booking-queries.js';
import { LoadingView, ErrorView } from '../../app/ui/status-views.js';
import { usePageTitle } from '../../app/ui/use-page-title.js';
import { errorText } from '../../app/api/api-error.js';
import { BOOKING_STATUSES, bookingStatusLabel } from '../../domain/bookings/booking-status.js';
import { ListPager } from './list-pager.js';
import { useListParams } from './use-list-params.js';
import './bookings.css';

const PAGE_SIZE = 50;

/** / and /bookings: every booking, newest first, searched and paged on the server. */
export function BookingListScreen() {
  usePageTitle('Bookings');
  const { listParams, typed, setTyped, setStatus, setPage } = useListParams(PAGE_SIZE);
  const query = useQuery({ ...bookingQueries.list(listParams), placeholderData: keepPreviousData });
  const data = query.data;
  const first = (listParams.page - 1) * PAGE_SIZE + 1;

  return (
    <section className="page">
      <div className="page-header">
        <h1>Bookings</h1>
      </div>
      <div className="data-list-bar list-filters">
        <label className="filter-box">
          Search
          <input type="search" value={typed} placeholder="Name, reference or tour" onChange={(event) => setTyped(event.target.value)} autoFocus />
        </label>
        <label className="filter-box">
          Status
          <select value={listParams.status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Any status</option>
            {BOOKING_STATUSES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {data && (
          <span className="row-count" aria-live="polite">
            {data.total === 0 ? 'No bookings' : `${first.toLocaleString('en-GB')}-${(first + data.results.length - 1).toLocaleString('en-GB')} of ${data.total.toLocaleString('en-GB')}${data.total_capped ? '+' : ''} bookings`}
          </span>
        )}
      </div>
      {query.isPending ? (
        <LoadingView label="Loading bookings…" />
      ) : query.isError ? (
        <ErrorView message={errorText(query.error)} />
      ) : data && data.results.length === 0 ? (
        <div className="empty-view">
          <p>{listParams.search || listParams.status ? 'No booking matches this search.' : 'There are no bookings yet. Bookings arrive from the website.'}</p>
        </div>
      ) : (
        <table className="table booking-table" aria-busy={query.isFetching || undefined}>
          <thead>
            <tr>
              <th style={{ width: '26%' }}>Name</th>
              <th style={{ width: '16%' }}>Booking reference</th>
              <th>Tour</th>
              <th style={{ width: '17%' }}>Status</th>
              <th style={{ width: '120px' }}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data?.results.map((booking) => (
              <tr key={booking.id}>
                <td>{[booking.title, booking.first_name, booking.last_name].filter(Boolean).join(' ')}</td>
                <td className="mono">{booking.booking_reference}</td>
                <td title={booking.tour_name}>{booking.tour_name}</td>
                <td>
                  <span className={`status-badge status-${booking.status}`}>{bookingStatusLabel(booking.status)}</span>
                </td>
                <td className="row-actions">
                  <Link to={`/bookings/${booking.id}`} aria-label={`View ${booking.booking_reference}`}>
                    View
                  </Link>
                  <Link to={`/bookings/edit/${booking.id}`} aria-label={`Edit ${booking.booking_reference}`}>
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <ListPager page={listParams.page} total={data.total} pageSize={PAGE_SIZE} onPageChange={setPage} />}
    </section>
  );
}
