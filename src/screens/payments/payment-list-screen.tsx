import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paymentQueries } from '../../api/booking-queries.js';
import type { DataListColumn } from '../../ui/data-table.js';
import { PagedDataList } from '../../ui/paged-data-list.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { pagedListProps, useListParams } from '../../ui/use-list-params.js';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../../domain/bookings/payment-status.js';
import type { PaymentListItem } from '../../domain/bookings/payment-schema.js';
import { PaymentAmount } from '../bookings/payment-amount.js';
import { PaymentStatusBadge } from '../bookings/payment-status-badge.js';
import '../bookings/bookings.css';
import { formatDateTime } from '../../domain/format-date.js';

const PAGE_SIZE = 50;
const STATUS_OPTIONS = PAYMENT_STATUSES.map((status) => ({ value: status, label: PAYMENT_STATUS_LABELS[status] }));

const COLUMNS: DataListColumn<PaymentListItem>[] = [
  { key: 'date', header: 'Date', width: '190px', render: (payment) => formatDateTime(payment.createdAt) },
  {
    key: 'booking',
    header: 'Booking',
    width: '160px',
    className: 'mono',
    render: (payment) => <Link to={`/bookings/${payment.booking_id}`}>{payment.booking_reference}</Link>,
  },
  { key: 'customer', header: 'Customer', render: (payment) => payment.customer_name },
  { key: 'transaction', header: 'Transaction', className: 'mono', render: (payment) => payment.tx_code || '—' },
  { key: 'status', header: 'Status', width: '120px', render: (payment) => <PaymentStatusBadge status={payment.status} /> },
  { key: 'amount', header: 'Amount', width: '130px', className: 'num', render: (payment) => <PaymentAmount payment={payment} /> },
  { key: 'actions', header: 'Actions', width: '80px', render: (payment) => <Link to={`/payments/${payment.id}`}>View</Link> },
];

const recordButton = (
  <Link className="button primary" to="/payments/create">
    New
  </Link>
);

/** /payments: every payment, newest first, found by booking reference or transaction code. */
export function PaymentListScreen() {
  usePageTitle('Payments');
  const list = useListParams(PAGE_SIZE);
  const query = useQuery({ ...paymentQueries.list(list.listParams), placeholderData: keepPreviousData });
  return (
    <section className="page">
      <div className="page-header">
        <h1>Payments</h1>
        <div className="actions">{recordButton}</div>
      </div>
      <PagedDataList
        {...pagedListProps(list, query)}
        noun="payment"
        columns={COLUMNS}
        rowKey={(payment) => payment.id}
        filterPlaceholder="Booking reference or transaction"
        choice={{ label: 'Status', anyLabel: 'Any status', value: list.listParams.status, options: STATUS_OPTIONS, onChange: list.setStatus }}
        loadingLabel="Loading payments…"
        emptyMessage="No payments have been recorded yet."
        emptyAction={recordButton}
      />
    </section>
  );
}
