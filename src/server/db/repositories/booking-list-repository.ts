import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { BookingListItem } from '../../../domain/bookings/booking-list-schema.js';
import type { Database } from '../schema.js';

const LIST_COLUMNS = [
  'b.id',
  'b.booking_reference',
  'b.title',
  'b.first_name',
  'b.last_name',
  'b.tour_name',
  'b.status',
  'b.created_at',
  'b.holiday_start_date',
] as const;

export type BookingListRow = Omit<BookingListItem, 'createdAt'> & { created_at: Date };

/** The exact total without counting rows: the per-status counts the triggers keep. */
async function countWithoutSearch(db: Kysely<Database>, status: string | undefined): Promise<number> {
  let query = db.selectFrom('booking_status_counts').select(sql<number>`coalesce(sum(bookings), 0)::int`.as('total'));
  if (status) query = query.where('status', '=', status);
  return (await query.executeTakeFirstOrThrow()).total;
}

type PageIds<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, { booking_id: number; created_at: Date }>;

/** The full list rows of a page of booking ids, newest first; only these rows are read in full. */
function pageRows<DB, TB extends keyof DB>(db: Kysely<Database>, pageIds: PageIds<DB, TB>): Promise<BookingListRow[]> {
  return db
    .selectFrom(pageIds.as('p'))
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select(LIST_COLUMNS)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.booking_id', 'desc')
    .execute();
}

/** Every booking, newest first (SPEC.md's plain list). */
export function listBookings(db: Kysely<Database>): Promise<BookingListRow[]> {
  return db.selectFrom('bookings as b').select(LIST_COLUMNS).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
}

/** One page of the bookings (of one status, if given), newest first, with the exact total. */
export async function pageBookings(db: Kysely<Database>, options: { status?: string; offset: number; pageSize: number }) {
  const { status, offset, pageSize } = options;
  const total = await countWithoutSearch(db, status);
  let ids = db.selectFrom('booking_search as s').select(['s.booking_id', 's.created_at']);
  if (status) ids = ids.where('s.status', '=', status);
  // An offset costs a step per row skipped, so pages past the middle are read from the
  // oldest end: no page skips more than half the list (the total is exact here).
  const fromOldest = offset + pageSize / 2 > total / 2;
  const pageIds = fromOldest
    ? ids
        .orderBy('s.created_at', 'asc')
        .orderBy('s.booking_id', 'asc')
        .limit(Math.max(0, Math.min(pageSize, total - offset)))
        .offset(Math.max(0, total - offset - pageSize))
    : ids.orderBy('s.created_at', 'desc').orderBy('s.booking_id', 'desc').limit(pageSize).offset(offset);
  const results = offset < total ? await pageRows(db, pageIds) : [];
  return { results, total };
}

/**
 * One page of the bookings matching the search terms (a to_tsquery text), newest first, and how
 * many match, counted up to `countCap + 1` only.
 */
export async function searchBookings(db: Kysely<Database>, options: { terms: string; status?: string; offset: number; pageSize: number; countCap: number }) {
  const { status, offset, pageSize } = options;
  // Matching goes through the narrow search table; only the page's rows are read in full.
  let matches = db.selectFrom('booking_search as s').where(sql<boolean>`s.terms @@ to_tsquery('simple', ${options.terms})`);
  if (status) matches = matches.where('s.status', '=', status);
  const pageIds = matches
    .select(['s.booking_id', 's.created_at'])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.booking_id', 'desc')
    .limit(pageSize)
    .offset(offset);
  const [results, counted] = await Promise.all([
    pageRows(db, pageIds),
    db
      .selectFrom(
        matches
          .select(sql`1`.as('one'))
          .limit(options.countCap + 1)
          .as('m'),
      )
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { results, total: counted.total };
}
