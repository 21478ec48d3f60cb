import { paymentBadgeTone } from '../../domain/bookings/payment-status.js';
import './bookings.css';

/** A payment's status with the badge style of SPEC.md section 4. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <span className={`payment-badge tone-${paymentBadgeTone(status)}`}>{status}</span>;
}
