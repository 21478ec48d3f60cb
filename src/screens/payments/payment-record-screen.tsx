import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/api.js';
import { bookingQueries, paymentQueries } from '../../api/booking-queries.js';
import type { PaymentRecordInput } from '../../domain/bookings/payment-schema.js';
import { notifySuccess } from '../../ui/notify.js';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { FormField } from '../../ui/form-field.js';
import { usePageTitle } from '../../ui/use-page-title.js';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes.js';
import { balanceOf, formatPounds } from '../../domain/bookings/booking-money.js';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../../domain/bookings/payment-status.js';
import { paymentRecordSchema } from '../../domain/bookings/payment-schema.js';

type Errors = Partial<Record<'amount' | 'booking_id' | 'status' | 'tx_code' | 'sagepay_reference', string>>;

/** /payments/create: amount, booking and status are required (SPEC.md section 5). */
export function PaymentRecordScreen() {
  usePageTitle('Record a payment');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ amount: '', booking_id: params.get('booking_id') ?? '', status: '', tx_code: '', sagepay_reference: '', comment: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const bookingId = /^\d+$/.test(values.booking_id) ? Number(values.booking_id) : null;
  // Looked up as the number is typed; a miss is said in the field's hint, not in a notification.
  const booking = useQuery({ ...bookingQueries.detail(bookingId ?? 0), enabled: bookingId !== null, retry: false, ...REPORTS_OWN_ERRORS });
  const dirty = Object.entries(values).some(([key, value]) => value !== '' && !(key === 'booking_id' && value === params.get('booking_id')));
  useUnsavedChangesPrompt(dirty && !done);
  const set = (field: keyof typeof values, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const record = useMutation({
    // The form sends what was typed; the server's 400 names what is wrong.
    mutationFn: (body: unknown) => api.payments.record({ body: body as PaymentRecordInput }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentQueries.all });
      await queryClient.invalidateQueries({ queryKey: bookingQueries.all });
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentRecordSchema.safeParse({
      ...values,
      amount: values.amount.trim() === '' ? undefined : Number(values.amount),
      booking_id: bookingId ?? undefined,
      status: values.status || undefined,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        found[field] ??=
          field === 'amount'
            ? issue.code === 'custom'
              ? issue.message
              : 'Enter the amount as a number'
            : field === 'booking_id'
              ? 'Choose the booking by its number'
              : field === 'status'
                ? 'Choose a status'
                : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      setDone(true);
      await record.mutateAsync(parsed.data);
      notifySuccess('Created');
      void navigate(`/bookings/${parsed.data.booking_id}`);
    } catch {
      // The app's query client has shown the server's message; the form stays as typed.
      setDone(false);
    }
  };

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
      <form className="panel" style={{ maxWidth: 560 }} onSubmit={submit} noValidate>
        <FormField
          label="Booking number"
          error={errors.booking_id}
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
            value={values.booking_id}
            onChange={(event) => set('booking_id', event.target.value.trim())}
            autoFocus={!values.booking_id}
          />
        </FormField>
        <FormField label="Amount (£)" error={errors.amount} hint="A negative amount records a refund">
          <input
            type="number"
            step="0.01"
            value={values.amount}
            onChange={(event) => set('amount', event.target.value)}
            autoFocus={Boolean(values.booking_id)}
          />
        </FormField>
        <FormField label="Status" error={errors.status}>
          <select value={values.status} onChange={(event) => set('status', event.target.value)}>
            <option value="">Choose…</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Transaction code (optional)" error={errors.tx_code}>
          <input value={values.tx_code} onChange={(event) => set('tx_code', event.target.value)} />
        </FormField>
        <FormField label="Payment provider reference (optional)" error={errors.sagepay_reference}>
          <input value={values.sagepay_reference} onChange={(event) => set('sagepay_reference', event.target.value)} />
        </FormField>
        <FormField label="Comment (optional)">
          <input value={values.comment} onChange={(event) => set('comment', event.target.value)} />
        </FormField>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={record.isPending}>
            {record.isPending ? 'Saving…' : 'Record payment'}
          </button>
        </div>
      </form>
    </section>
  );
}
