import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorText } from '../../app/api/api-error.js';
import '../bookings/bookings.css';
import { paymentQueries } from '../../app/api/booking-queries.js';
import { ErrorView, LoadingView } from '../../app/ui/status-views.js';
import { usePageTitle } from '../../app/ui/use-page-title.js';
import { formatDateTime, formatPounds } from '../../domain/bookings/booking-money.js';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../../domain/bookings/payment-status.js';
import { ListPager } from '../bookings/list-pager.js';
import { PaymentStatusBadge } from '../bookings/payment-status-badge.js';
import { useListParams } from '../bookings/use-list-params.js';

const PAGE_SIZE = 50;

/** /payments: every payment, newest first, found by booking reference or transaction code. */
export function PaymentListScreen() {
  usePageTitle('Payments');
  const { listParams, typed, setTyped, setStatus, setPage } = useListParams(PAGE_SIZE);
  const query = useQuery({ ...paymentQueries.list(listParams), placeholderData: keepPreviousData });
  const data = query.data;
  return (
    <section className="page">
      <div className="page-header">
        <h1>Payments</h1>
        <div className="actions">
          <Link className="button primary" to="/payments/create">
            New
          </Link>
        </div>
      </div>
      <div className="data-list-bar list-filters">
        <label className="filter-box">
          Search
          <input type="search" value={typed} placeholder="Booking reference or transaction" onChange={(event) => setTyped(event.target.value)} />
        </label>
        <label className="filter-box">
          Status
          <select value={listParams.status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">Any status</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        {data && <span className="row-count">{data.total.toLocaleString('en-GB')} payments</span>}
      </div>
      {query.isPending ? (
        <LoadingView label="Loading payments…" />
      ) : query.isError ? (
        <ErrorView message={errorText(query.error)} />
      ) : data && data.results.length === 0 ? (
        <div className="empty-view">
          <p>No payment matches.</p>
          <Link className="button" to="/payments/create">
            Record a payment
          </Link>
        </div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th style={{ width: '190px' }}>Date</th>
              <th style={{ width: '160px' }}>Booking</th>
              <th>Customer</th>
              <th>Transaction</th>
              <th style={{ width: '120px' }}>Status</th>
              <th className="num" style={{ width: '130px' }}>
                Amount
              </th>
              <th style={{ width: '80px' }}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {data?.results.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDateTime(payment.createdAt)}</td>
                <td className="mono">
                  <Link to={`/bookings/${payment.booking_id}`}>{payment.booking_reference}</Link>
                </td>
                <td>{payment.customer_name}</td>
                <td className="mono">{payment.tx_code || '—'}</td>
                <td>
                  <PaymentStatusBadge status={payment.status} />
                </td>
                <td className="num">{formatPounds(payment.amount)}</td>
                <td>
                  <Link to={`/payments/${payment.id}`}>View</Link>
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
