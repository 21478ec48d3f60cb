import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/api-error.js';
import { bookingQueries } from '../../api/booking-queries.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { balanceDueDate, balanceOf, formatPounds, paidSoFar, refundedSoFar, TOTAL_LABELS } from '../../domain/bookings/booking-money.js';
import type { Booking, TotalField } from '../../domain/bookings/booking-schema.js';
import { bookingStatusLabel } from '../../domain/bookings/booking-status.js';
import { OperatorEmailPanel } from './operator-email-panel.js';
import { PaymentAmount } from './payment-amount.js';
import { PaymentStatusBadge } from './payment-status-badge.js';
import { useIdParam } from './use-id-param.js';
import './bookings.css';
import { LastChanged } from '../record-changes/last-changed.js';
import { formatDate, formatDateTime } from '../../domain/format-date.js';

const PART_FIELDS: TotalField[] = [
  'total_rooms',
  'total_bikes',
  'total_room_extras',
  'total_party_extras',
  'total_reductions',
  'total_offers',
  'total_charges',
];

const nameOf = (person: { title: string; first_name: string; last_name: string }) =>
  [person.title, person.first_name, person.last_name].filter(Boolean).join(' ');

function TotalsPanel({ booking }: { booking: Booking }) {
  const paid = paidSoFar(booking.payments);
  const refunded = refundedSoFar(booking.payments);
  const due = balanceDueDate(booking.arrival ?? booking.holiday_start_date, booking.tour?.balance_due);
  return (
    <section className="panel" aria-labelledby="totals-title">
      <h2 id="totals-title">Totals</h2>
      <table className="money-table">
        <tbody>
          {PART_FIELDS.map((field) => (
            <tr key={field}>
              <td>{TOTAL_LABELS[field]}</td>
              <td>{field === 'total_reductions' || field === 'total_offers' ? formatPounds(-booking[field]) : formatPounds(booking[field])}</td>
            </tr>
          ))}
          <tr className="total">
            <td>{TOTAL_LABELS.total_cost}</td>
            <td data-testid="total-cost">{formatPounds(booking.total_cost)}</td>
          </tr>
          <tr>
            <td>{TOTAL_LABELS.total_deposit}</td>
            <td>{formatPounds(booking.total_deposit)}</td>
          </tr>
          <tr>
            <td>{TOTAL_LABELS.total_at_booking}</td>
            <td>{formatPounds(booking.total_at_booking)}</td>
          </tr>
          {refunded !== 0 && (
            <tr>
              <td>Refunded</td>
              <td data-testid="refunded">{formatPounds(refunded)}</td>
            </tr>
          )}
          <tr className="total">
            <td>Paid so far</td>
            <td data-testid="paid-so-far">{formatPounds(paid)}</td>
          </tr>
          <tr className="balance">
            <td>Balance</td>
            <td data-testid="balance">{formatPounds(balanceOf(booking.total_cost, booking.payments))}</td>
          </tr>
          <tr>
            <td>Balance due</td>
            <td data-testid="balance-due">{formatDate(due)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** /bookings/{id}: summary, totals, customer, rooms, party, payments and the operator e-mail. */
export function BookingOverviewScreen() {
  const id = useIdParam();
  const query = useQuery(bookingQueries.detail(id));
  const booking = query.data;
  usePageTitle(booking ? `Booking ${booking.booking_reference}` : 'Booking');
  if (query.isPending) return <LoadingView label="Loading the booking…" />;
  if (query.isError || !booking) return <ErrorView message={errorText(query.error)} />;
  const customer = booking.customer;
  const roomName = new Map(booking.rooms.map((room, index) => [room.id, `${index + 1}. ${room.name}`]));

  return (
    <section className="page">
      <div className="page-header">
        <h1>
          Booking {booking.booking_reference} <span className={`status-badge status-${booking.status}`}>{bookingStatusLabel(booking.status)}</span>
        </h1>
        <div className="actions">
          <Link className="button" to={`/bookings/snapshot/${booking.id}`}>
            Snapshots
          </Link>
          <a className="button" href={`/bookings/${booking.id}/documentation`} target="_blank" rel="noopener">
            Documentation
          </a>
          <Link className="button" to={`/payments/create?booking_id=${booking.id}`}>
            Record payment
          </Link>
          <Link className="button primary" to={`/bookings/edit/${booking.id}`}>
            Edit
          </Link>
        </div>
      </div>
      <LastChanged kind="bookings" id={booking.id} version={booking.version} />

      <div className="booking-grid">
        <section className="panel" aria-labelledby="summary-title">
          <h2 id="summary-title">Summary</h2>
          <dl className="facts">
            <dt>Tour</dt>
            <dd>{booking.tour ? <Link to={`/tours/${booking.tour.id}`}>{booking.tour.name}</Link> : booking.tour_name}</dd>
            <dt>Lead name</dt>
            <dd>{nameOf(booking)}</dd>
            <dt>Arrival</dt>
            <dd>{formatDate(booking.arrival)}</dd>
            <dt>Tour start</dt>
            <dd>{formatDate(booking.holiday_start_date)}</dd>
            <dt>Nights</dt>
            <dd>{booking.filter_nights ?? '—'}</dd>
            <dt>Guidance</dt>
            <dd>{booking.filter_guided === null ? '—' : booking.filter_guided ? 'Guided' : 'Self-guided'}</dd>
            <dt>Booked</dt>
            <dd>{formatDateTime(booking.createdAt)}</dd>
            <dt>Comments</dt>
            <dd>{booking.comments || '—'}</dd>
          </dl>
        </section>
        <TotalsPanel booking={booking} />
        <section className="panel" aria-labelledby="customer-title">
          <h2 id="customer-title">Customer</h2>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{nameOf(customer)}</dd>
            <dt>E-mail</dt>
            <dd>{customer.email_address ? <a href={`mailto:${customer.email_address}`}>{customer.email_address}</a> : '—'}</dd>
            <dt>Telephone</dt>
            <dd>{[customer.telephone_number, customer.alternative_telephone_number].filter(Boolean).join(' / ') || '—'}</dd>
            <dt>Address</dt>
            <dd>
              {[customer.address_line_1, customer.address_line_2, customer.town, customer.county, customer.postcode, customer.country]
                .filter(Boolean)
                .join(', ') || '—'}
            </dd>
          </dl>
        </section>
      </div>

      <div className="stack">
        <section className="panel" aria-labelledby="rooms-title">
          <h2 id="rooms-title">Rooms</h2>
          <table className="table">
            <thead>
              <tr>
                <th>Room</th>
                <th>Category</th>
                <th>Extra nights</th>
                <th className="num" style={{ width: '140px' }}>
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {booking.rooms.map((room) => (
                <tr key={room.id}>
                  <td>{roomName.get(room.id)}</td>
                  <td>{room.category || '—'}</td>
                  <td>
                    {room.extras
                      .map((extra) => `${extra.name} × ${extra.quantity} (${extra.post ? 'after' : 'before'}, ${formatPounds(extra.cost)})`)
                      .join('; ') || '—'}
                  </td>
                  <td className="num">{formatPounds(room.cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="panel" aria-labelledby="party-title">
          <h2 id="party-title">Party</h2>
          <table className="table">
            <thead>
              <tr>
                <th>Name</th>
                <th style={{ width: '120px' }}>Date of birth</th>
                <th style={{ width: '80px' }}>Height</th>
                <th>Bike</th>
                <th>Room</th>
                <th>Dietary requirements</th>
                <th>Supplements</th>
              </tr>
            </thead>
            <tbody>
              {booking.party.map((member) => (
                <tr key={member.id}>
                  <td>{nameOf(member)}</td>
                  <td>{formatDate(member.date_of_birth)}</td>
                  <td>{member.height === null ? '—' : `${member.height} cm`}</td>
                  <td>{member.tour_bike?.name ?? 'No bike'}</td>
                  <td>{member.booking_room_id === null ? '—' : roomName.get(member.booking_room_id)}</td>
                  <td>{member.dietary_requirements || '—'}</td>
                  <td>{member.extras.map((extra) => extra.name).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="panel" aria-labelledby="payments-title">
          <h2 id="payments-title">Payments</h2>
          {booking.payments.length === 0 ? (
            <p className="muted">No payments yet.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th style={{ width: '200px' }}>Date</th>
                  <th>Transaction</th>
                  <th>Comment</th>
                  <th style={{ width: '120px' }}>Status</th>
                  <th className="num" style={{ width: '140px' }}>
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {booking.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>
                      <Link to={`/payments/${payment.id}`}>{formatDateTime(payment.createdAt)}</Link>
                    </td>
                    <td className="mono">{payment.tx_code || '—'}</td>
                    <td>{payment.comment || '—'}</td>
                    <td>
                      <PaymentStatusBadge status={payment.status} />
                    </td>
                    <td className="num">
                      <PaymentAmount payment={payment} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <OperatorEmailPanel booking={booking} />
      </div>
    </section>
  );
}
