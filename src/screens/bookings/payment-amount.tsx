import { formatPounds, isRefund } from '../../domain/bookings/booking-money.js';

/** A payment's amount in pounds; a refund (a negative amount) says so beside it, wherever it is listed. */
export function PaymentAmount({ payment }: { payment: { amount: number } }) {
  return (
    <>
      {isRefund(payment) && <span className="payment-badge refund-label">Refund</span>}
      {isRefund(payment) && ' '}
      {formatPounds(payment.amount)}
    </>
  );
}
