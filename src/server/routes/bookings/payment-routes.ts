import { sql, type Kysely } from 'kysely';
import { paidSoFar, refundRefusal } from '../../../domain/bookings/booking-money.js';
import { isCountedAsPaid } from '../../../domain/bookings/payment-status.js';
import { isPagedQuery, PAGE_SIZE_DEFAULT } from '../../../domain/bookings/paged-list.js';
import type { PaymentListItem } from '../../../domain/bookings/payment-schema.js';
import { paymentsEndpoints } from '../../../domain/contract/bookings.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const paymentRows = (db: Kysely<Database>) =>
  db
    .selectFrom('payments as p')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select(['p.id', 'p.tx_code', 'p.status', 'p.amount', 'p.created_at', 'p.sagepay_reference', 'p.comment', 'p.booking_id', 'b.booking_reference'])
    .select(sql<string>`trim(b.first_name || ' ' || b.last_name)`.as('customer_name'));

type PaymentRow = Omit<PaymentListItem, 'createdAt'> & { created_at: Date };
const toItem = ({ created_at, ...row }: PaymentRow): PaymentListItem => ({ ...row, createdAt: new Date(created_at).toISOString() });

/** `GET payments`, `GET payments/{id}` and `POST payments/booking`. */
export function registerPaymentRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    paymentsEndpoints.list,
    async (request) => {
      const query = request.query;
      const newestFirst = <T extends ReturnType<typeof paymentRows>>(rows: T) => rows.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
      if (!isPagedQuery(query)) return (await newestFirst(paymentRows(db)).execute()).map(toItem);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
      let rows = paymentRows(db);
      if (query.status) rows = rows.where('p.status', '=', query.status);
      // A payment is found by its booking's reference or its transaction code, from the start.
      if (query.search) {
        const prefix = `${escapeLike(query.search.toLowerCase())}%`;
        rows = rows.where((eb) => eb.or([eb(sql`lower(b.booking_reference)`, 'like', prefix), eb(sql`lower(p.tx_code)`, 'like', prefix)]));
      }
      const [results, counted] = await Promise.all([
        newestFirst(rows).limit(pageSize).offset((page - 1) * pageSize).execute(),
        db.selectFrom(rows.as('r')).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { results: results.map(toItem), total: counted.total, page, page_size: pageSize };
    },
    { config: CACHEABLE, serialize: true },
  );

  registerEndpoint(
    app,
    paymentsEndpoints.read,
    async (request) => {
      const row = await paymentRows(db).select(['b.tour_name', 'b.status as booking_status', 'b.total_cost']).where('p.id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('Payment');
      const { tour_name, booking_status, total_cost, ...payment } = row;
      return { ...toItem(payment), booking: { id: payment.booking_id, booking_reference: payment.booking_reference, tour_name, status: booking_status, total_cost } };
    },
    { serialize: true },
  );

  registerEndpoint(app, paymentsEndpoints.record, async (request) => {
    const body = request.body;
    return db.transaction().execute(async (trx) => {
      // The booking is locked so two refunds recorded at once cannot both pass the check below.
      const booking = await trx.selectFrom('bookings').select('id').where('id', '=', body.booking_id).forUpdate().executeTakeFirst();
      if (!booking) throw badRequest(`Booking ${body.booking_id} does not exist`, 'booking_id');
      if (isCountedAsPaid(body.status)) {
        const recorded = await trx.selectFrom('payments').select(['amount', 'status']).where('booking_id', '=', booking.id).execute();
        const refusal = refundRefusal(paidSoFar(recorded.map((row) => ({ status: row.status, amount: Number(row.amount) }))), body.amount);
        if (refusal) throw badRequest(refusal, 'amount');
      }
      return trx
        .insertInto('payments')
        .values({ booking_id: booking.id, amount: body.amount, status: body.status, tx_code: body.tx_code, sagepay_reference: body.sagepay_reference, comment: body.comment })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
  }, { serialize: true });
}
