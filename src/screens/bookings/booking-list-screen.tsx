import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { bookingQueries } from '../../api/booking-queries.js';
import type { DataListColumn } from '../../ui/data-table.js';
import { PagedDataList } from '../../ui/paged-data-list.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { pagedListProps, useListParams } from '../../ui/use-list-params.js';
import type { BookingListItem } from '../../domain/bookings/booking-list-schema.js';
import { BOOKING_STATUSES, bookingStatusLabel } from '../../domain/bookings/booking-status.js';
import './bookings.css';

const PAGE_SIZE = 50;
const STATUS_OPTIONS = BOOKING_STATUSES.map(([value, label]) => ({ value, label }));

const COLUMNS: DataListColumn<BookingListItem>[] = [
  { key: 'name', header: 'Name', width: '26%', render: (booking) => [booking.title, booking.first_name, booking.last_name].filter(Boolean).join(' ') },
  { key: 'reference', header: 'Booking reference', width: '16%', className: 'mono', render: (booking) => booking.booking_reference },
  { key: 'tour', header: 'Tour', render: (booking) => <span title={booking.tour_name}>{booking.tour_name}</span> },
  {
    key: 'status',
    header: 'Status',
    width: '17%',
    render: (booking) => (
      <span className={`status-badge status-${booking.status}`} title={bookingStatusLabel(booking.status)}>
        {bookingStatusLabel(booking.status)}
      </span>
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    width: '120px',
    render: (booking) => (
      // The actions sit in a span: a flex box on the cell itself took it out of the table's grid.
      <span className="row-actions">
        <Link to={`/bookings/${booking.id}`} aria-label={`View ${booking.booking_reference}`}>
          View
        </Link>
        <Link to={`/bookings/edit/${booking.id}`} aria-label={`Edit ${booking.booking_reference}`}>
          Edit
        </Link>
      </span>
    ),
  },
];

/** / and /bookings: every booking, newest first, searched and paged on the server. */
export function BookingListScreen() {
  usePageTitle('Bookings');
  const list = useListParams(PAGE_SIZE);
  const query = useQuery({ ...bookingQueries.list(list.listParams), placeholderData: keepPreviousData });
  return (
    <section className="page">
      <div className="page-header">
        <h1>Bookings</h1>
      </div>
      <PagedDataList
        {...pagedListProps(list, query)}
        noun="booking"
        columns={COLUMNS}
        rowKey={(booking) => booking.id}
        filterPlaceholder="Name, reference or tour"
        autoFocusFilter
        choice={{ label: 'Status', anyLabel: 'Any status', value: list.listParams.status, options: STATUS_OPTIONS, onChange: list.setStatus }}
        loadingLabel="Loading bookings…"
        emptyMessage="There are no bookings yet. Bookings arrive from the website."
        tableClassName="booking-table"
      />
    </section>
  );
}
