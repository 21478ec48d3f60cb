import { paidSoFar, refundRefusal } from '../../../domain/bookings/booking-money.js';
import { isCountedAsPaid } from '../../../domain/bookings/payment-status.js';
import { isPagedQuery, PAGE_SIZE_DEFAULT } from '../../../domain/bookings/paged-list.js';
import type { PaymentListItem } from '../../../domain/bookings/payment-schema.js';
import { paymentsEndpoints } from '../../../domain/contract/bookings.js';
import type { Api, AppContext } from '../../api-types.js';
import { findPayment, insertPayment, listPayments, lockBooking, pagePayments, paymentsOfBooking } from '../../db/repositories/payment-repository.js';
import { badRequest, notFound } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

type PaymentRow = Omit<PaymentListItem, 'createdAt'> & { created_at: Date };
const toItem = ({ created_at, ...row }: PaymentRow): PaymentListItem => ({ ...row, createdAt: new Date(created_at).toISOString() });

/** `GET payments`, `GET payments/{id}` and `POST payments/booking`. */
export function registerPaymentRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    paymentsEndpoints.list,
    async (request) => {
      const query = request.query;
      if (!isPagedQuery(query)) return (await listPayments(db)).map(toItem);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
      // A payment is found by its booking's reference or its transaction code, from the start.
      const { results, total } = await pagePayments(db, { status: query.status, search: query.search, page, pageSize });
      return { results: results.map(toItem), total, page, page_size: pageSize };
    },
    { config: CACHEABLE, serialize: true },
  );

  registerEndpoint(
    app,
    paymentsEndpoints.read,
    async (request) => {
      const row = await findPayment(db, request.params.id);
      if (!row) throw notFound('Payment');
      const { tour_name, booking_status, total_cost, ...payment } = row;
      return {
        ...toItem(payment),
        booking: { id: payment.booking_id, booking_reference: payment.booking_reference, tour_name, status: booking_status, total_cost },
      };
    },
    { serialize: true },
  );

  registerEndpoint(
    app,
    paymentsEndpoints.record,
    async (request) => {
      const body = request.body;
      return db.transaction().execute(async (trx) => {
        // The booking is locked so two refunds recorded at once cannot both pass the check below.
        const bookingId = await lockBooking(trx, body.booking_id);
        if (bookingId === null) throw badRequest(`Booking ${body.booking_id} does not exist`, 'booking_id');
        if (isCountedAsPaid(body.status)) {
          const recorded = await paymentsOfBooking(trx, bookingId);
          const refusal = refundRefusal(paidSoFar(recorded.map((row) => ({ status: row.status, amount: Number(row.amount) }))), body.amount);
          if (refusal) throw badRequest(refusal, 'amount');
        }
        return insertPayment(trx, {
          booking_id: bookingId,
          amount: body.amount,
          status: body.status,
          tx_code: body.tx_code,
          sagepay_reference: body.sagepay_reference,
          comment: body.comment,
        });
      });
    },
    { serialize: true },
  );
}
