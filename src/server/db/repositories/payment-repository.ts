import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const paymentRows = (db: Kysely<Database>) =>
  db
    .selectFrom('payments as p')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select(['p.id', 'p.tx_code', 'p.status', 'p.amount', 'p.created_at', 'p.sagepay_reference', 'p.comment', 'p.booking_id', 'b.booking_reference'])
    .select(sql<string>`trim(b.first_name || ' ' || b.last_name)`.as('customer_name'));

const newestFirst = <T extends ReturnType<typeof paymentRows>>(rows: T) => rows.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');

/** Every payment with its booking's reference and customer, newest first. */
export function listPayments(db: Kysely<Database>) {
  return newestFirst(paymentRows(db)).execute();
}

/** One page of the payments, newest first, by status and by the start of a booking reference or transaction code, with the total found. */
export async function pagePayments(db: Kysely<Database>, options: { status?: string; search?: string; page: number; pageSize: number }) {
  let rows = paymentRows(db);
  if (options.status) rows = rows.where('p.status', '=', options.status);
  if (options.search) {
    const prefix = `${escapeLike(options.search.toLowerCase())}%`;
    rows = rows.where((eb) => eb.or([eb(sql`lower(b.booking_reference)`, 'like', prefix), eb(sql`lower(p.tx_code)`, 'like', prefix)]));
  }
  const [results, counted] = await Promise.all([
    newestFirst(rows)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    db
      .selectFrom(rows.as('r'))
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { results, total: counted.total };
}

/** A payment with its booking's tour, status and total cost. */
export function findPayment(db: Kysely<Database>, id: number) {
  return paymentRows(db).select(['b.tour_name', 'b.status as booking_status', 'b.total_cost']).where('p.id', '=', id).executeTakeFirst();
}

/** The booking's id, its row locked until the transaction ends (two refunds at once cannot both pass a check). */
export async function lockBooking(trx: Kysely<Database>, bookingId: number): Promise<number | null> {
  return (await trx.selectFrom('bookings').select('id').where('id', '=', bookingId).forUpdate().executeTakeFirst())?.id ?? null;
}

/** The amounts and statuses of the payments recorded for a booking. */
export function paymentsOfBooking(db: Kysely<Database>, bookingId: number) {
  return db.selectFrom('payments').select(['amount', 'status']).where('booking_id', '=', bookingId).execute();
}

export function insertPayment(trx: Kysely<Database>, row: Insertable<Database['payments']>) {
  return trx.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow();
}
