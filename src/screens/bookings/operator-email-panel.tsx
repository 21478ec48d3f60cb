import { useMemo } from 'react';
import { notifyError, notifySuccess } from '../../ui/notify.js';
import type { Booking } from '../../domain/bookings/booking-schema.js';
import { operatorEmail } from '../../domain/bookings/operator-email.js';

/** The plain-text message for the local operator, with a Copy button. */
export function OperatorEmailPanel({ booking }: { booking: Booking }) {
  const text = useMemo(() => operatorEmail(booking), [booking]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notifySuccess('Copied');
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <section className="panel" aria-labelledby="operator-email-title">
      <div className="page-header">
        <h2 id="operator-email-title">Operator e-mail</h2>
        <div className="actions">
          <button type="button" className="button" onClick={copy}>
            Copy
          </button>
        </div>
      </div>
      <textarea className="email-template" readOnly value={text} aria-label="Operator e-mail text" />
    </section>
  );
}
