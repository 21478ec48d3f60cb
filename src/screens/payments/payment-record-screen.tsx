import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api/api.js';
import { bookingQueries, paymentQueries } from '../../api/booking-queries.js';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { FormField } from '../../ui/form-field.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { balanceOf, formatPounds } from '../../domain/bookings/booking-money.js';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../../domain/bookings/payment-status.js';
import { paymentRecordSchema } from '../../domain/bookings/payment-schema.js';

type PaymentDraft = { amount: string; booking_id: string; status: string; tx_code: string; sagepay_reference: string; comment: string };

/** The booking number as typed, when it is one. */
const bookingIdOf = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);

/** /payments/create: amount, booking and status are required (SPEC.md section 5). */
export function PaymentRecordScreen() {
  usePageTitle('Record a payment');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const form = useRecordForm({
    initial: (): PaymentDraft => ({ amount: '', booking_id: params.get('booking_id') ?? '', status: '', tx_code: '', sagepay_reference: '', comment: '' }),
    schema: paymentRecordSchema,
    valuesOf: (draft: PaymentDraft) => ({
      ...draft,
      amount: draft.amount.trim() === '' ? undefined : Number(draft.amount),
      booking_id: bookingIdOf(draft.booking_id),
      status: draft.status || undefined,
    }),
    send: (body) => api.payments.record({ body }).then(() => body.booking_id),
    savedMessage: 'Created',
    invalidate: paymentQueries.all,
    leaveTo: (bookingId) => `/bookings/${bookingId}`,
    onSaved: () => void queryClient.invalidateQueries({ queryKey: bookingQueries.all }),
  });
  const { draft, errorOf } = form;
  const bookingId = bookingIdOf(draft.booking_id) ?? null;
  // Looked up as the number is typed; a miss is said in the field's hint, not in a notification.
  const booking = useQuery({ ...bookingQueries.detail(bookingId ?? 0), enabled: bookingId !== null, retry: false, ...REPORTS_OWN_ERRORS });

  return (
    <section className="page">
      <div className="page-header">
        <h1>Record a payment</h1>
        <div className="actions">
          <Link className="button" to="/payments">
            All payments
          </Link>
        </div>
      </div>
      <form className="panel" style={{ maxWidth: 560 }} onSubmit={form.submit} noValidate>
        <FormField
          label="Booking number"
          error={errorOf('booking_id')}
          hint={
            booking.data
              ? `${booking.data.booking_reference} · ${booking.data.first_name} ${booking.data.last_name} · ` +
                `balance ${formatPounds(balanceOf(booking.data.total_cost, booking.data.payments))}`
              : booking.isError
                ? 'No booking with this number'
                : 'The number in the booking’s address'
          }
        >
          <input
            inputMode="numeric"
            value={draft.booking_id}
            onChange={(event) => form.change('booking_id', event.target.value.trim())}
            autoFocus={!draft.booking_id}
          />
        </FormField>
        <FormField label="Amount (£)" error={errorOf('amount')} hint="A negative amount records a refund">
          <input
            type="number"
            step="0.01"
            value={draft.amount}
            onChange={(event) => form.change('amount', event.target.value)}
            autoFocus={Boolean(draft.booking_id)}
          />
        </FormField>
        <FormField label="Status" error={errorOf('status')}>
          <select value={draft.status} onChange={(event) => form.change('status', event.target.value)}>
            <option value="">Choose…</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Transaction code (optional)" error={errorOf('tx_code')}>
          <input value={draft.tx_code} onChange={(event) => form.change('tx_code', event.target.value)} />
        </FormField>
        <FormField label="Payment provider reference (optional)" error={errorOf('sagepay_reference')}>
          <input value={draft.sagepay_reference} onChange={(event) => form.change('sagepay_reference', event.target.value)} />
        </FormField>
        <FormField label="Comment (optional)" error={errorOf('comment')}>
          <input value={draft.comment} onChange={(event) => form.change('comment', event.target.value)} />
        </FormField>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={form.saving}>
            {form.saving ? 'Saving…' : 'Record payment'}
          </button>
        </div>
      </form>
    </section>
  );
}
