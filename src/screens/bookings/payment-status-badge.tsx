import { paymentBadgeTone } from '../../domain/bookings/payment-status.js';
import './bookings.css';

/**
 * A payment's status with the badge style of SPEC.md section 4. The style always follows the
 * stored status; `label` is what a screen chooses to show of it (the stored value by default).
 */
export function PaymentStatusBadge({ status, label = status }: { status: string; label?: string }) {
  return (
    <span className={`payment-badge tone-${paymentBadgeTone(status)}`} title={label === status ? undefined : status}>
      {label}
    </span>
  );
}
