import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorText } from '../../api/api-error.js';
import { paymentQueries } from '../../api/booking-queries.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { bookingStatusLabel, stripPaymentPrefix } from '../../domain/bookings/booking-status.js';
import { PaymentAmount } from '../bookings/payment-amount.js';
import { PaymentStatusBadge } from '../bookings/payment-status-badge.js';
import { useIdParam } from '../bookings/use-id-param.js';
import { formatDateTime } from '../../domain/format-date.js';

/** /payments/{id}. */
export function PaymentDetailScreen() {
  const id = useIdParam();
  const query = useQuery(paymentQueries.detail(id));
  const payment = query.data;
  usePageTitle(payment ? `Payment ${payment.tx_code || payment.id}` : 'Payment');
  if (query.isPending) return <LoadingView label="Loading the payment…" />;
  if (query.isError || !payment) return <ErrorView message={errorText(query.error)} />;
  // SPEC.md section 4: this is the screen that shows a status without its 'payment-' prefix, so
  // the provider's names (payment-failed, payment-completed) read as the recorded ones do.
  const status = stripPaymentPrefix(payment.status);
  const bookingLink = <Link to={`/bookings/${payment.booking.id}`}>{payment.booking.booking_reference}</Link>;
  return (
    <section className="page">
      <div className="page-header">
        <h1>
          Payment {payment.tx_code || payment.id} <PaymentStatusBadge status={payment.status} label={status} />
        </h1>
        <div className="actions">
          <Link className="button" to="/payments">
            All payments
          </Link>
        </div>
      </div>
      <section className="panel" style={{ maxWidth: 720 }}>
        <dl className="facts">
          <dt>Amount</dt>
          <dd>
            <PaymentAmount payment={payment} />
          </dd>
          <dt>Status</dt>
          <dd>{status}</dd>
          <dt>Date</dt>
          <dd>{formatDateTime(payment.createdAt)}</dd>
          <dt>Transaction code</dt>
          <dd className="mono">{payment.tx_code || '—'}</dd>
          <dt>Provider reference</dt>
          <dd className="mono">{payment.sagepay_reference || '—'}</dd>
          <dt>Comment</dt>
          <dd>{payment.comment || '—'}</dd>
          <dt>Booking</dt>
          <dd>
            {bookingLink} · {payment.customer_name} · {payment.booking.tour_name} · {bookingStatusLabel(payment.booking.status)}
          </dd>
        </dl>
      </section>
    </section>
  );
}
