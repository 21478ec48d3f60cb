import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Seconds after which a stream's row that was not refreshed counts as gone (its process died). */
export const PRESENCE_STALE_SECONDS = 10;
/** Rows older than this are deleted when a stream opens, so a crash leaves nothing for long. */
const PRESENCE_FORGET_SECONDS = 60;

const fresh = sql<Date>`now() - make_interval(secs => ${PRESENCE_STALE_SECONDS})`;

/** Opens a stream's row (the stream's first sign of life), forgetting rows of dead processes. */
export async function insertPresence(db: Kysely<Database>, row: { streamId: string; userId: number; place: string }): Promise<void> {
  await db
    .deleteFrom('stream_presence')
    .where('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${PRESENCE_FORGET_SECONDS})`)
    .execute();
  await db.insertInto('stream_presence').values({ stream_id: row.streamId, user_id: row.userId, place: row.place }).execute();
}

/** The stream is still open. */
export async function touchPresence(db: Kysely<Database>, streamId: string): Promise<void> {
  await db
    .updateTable('stream_presence')
    .set({ last_seen_at: sql`now()` })
    .where('stream_id', '=', streamId)
    .execute();
}

export async function deletePresence(db: Kysely<Database>, streamId: string): Promise<void> {
  await db.deleteFrom('stream_presence').where('stream_id', '=', streamId).execute();
}

/** How many live streams the user has open, on every process. */
export async function countLiveStreamsOfUser(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('stream_presence')
    .select((eb) => eb.fn.countAll<string>().as('streams'))
    .where('user_id', '=', userId)
    .where('last_seen_at', '>', fresh)
    .executeTakeFirstOrThrow();
  return Number(row.streams);
}

/** The e-mail addresses of the other users with a live stream on `place`, in order, at most `limit`. */
export async function listOthersPresent(db: Kysely<Database>, place: string, userId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('stream_presence as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select('u.email_address')
    .distinct()
    .where('p.place', '=', place)
    .where('p.last_seen_at', '>', fresh)
    .where('p.user_id', '!=', userId)
    .orderBy('u.email_address')
    .limit(limit)
    .execute();
  return rows.map((row) => row.email_address);
}

/** Whose saves a stream announces: one tour season's (its tabs), or every tour season of a season (/pgt). */
export type ChangeScope = { tourSeasonId: number } | { seasonId: number };

function changesIn(db: Kysely<Database>, scope: ChangeScope) {
  const query = db.selectFrom('price_changes as c');
  return 'tourSeasonId' in scope
    ? query.where('c.tour_season_id', '=', scope.tourSeasonId)
    : query.where('c.tour_season_id', 'in', db.selectFrom('tour_seasons').select('id').where('season_id', '=', scope.seasonId));
}

/** The newest change set that touched the scope (0 when none): a stream announces only those after it. */
export async function latestChangeSetIn(db: Kysely<Database>, scope: ChangeScope): Promise<number> {
  const row = await changesIn(db, scope)
    .select((eb) => eb.fn.max('c.change_set_id').as('latest'))
    .executeTakeFirst();
  return Number(row?.latest ?? 0);
}

/** A change set that touched the scope, with its rows counted within the scope and the kinds of row it changed. */
export type ScopeChangeSetRow = {
  id: number;
  created_at: Date;
  user_id: number | null;
  author: string | null;
  source: string;
  rows: string | number;
  kinds: string[];
};

/**
 * The change sets after `afterId` that touched the scope, oldest first, at most `limit`. Walks
 * the price_changes (tour_season_id, change_set_id) index from `afterId` up: no rows when nothing
 * was saved, which is what almost every poll finds.
 */
export function listChangeSetsAfter(db: Kysely<Database>, scope: ChangeScope, afterId: number, limit: number): Promise<ScopeChangeSetRow[]> {
  return changesIn(db, scope)
    .innerJoin('price_change_sets as s', 's.id', 'c.change_set_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => [
      's.id',
      's.created_at',
      's.user_id',
      'u.email_address as author',
      's.source',
      eb.fn.countAll<string>().as('rows'),
      sql<string[]>`array_agg(DISTINCT c.kind::text)`.as('kinds'),
    ])
    .where('c.change_set_id', '>', afterId)
    .groupBy(['s.id', 'u.email_address'])
    .orderBy('s.id')
    .limit(limit)
    .execute();
}
