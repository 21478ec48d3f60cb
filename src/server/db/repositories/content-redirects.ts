import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

const COLUMNS = ['id', 'version', 'old_url', 'new_url', 'code', 'show'] as const;
export type RedirectRow = Insertable<Database['redirects']>;

/** A page of the list (by old URL) searched in both URLs (`pattern` for LIKE), with the total when paged. */
export async function listRedirects(db: Kysely<Database>, options: { pattern: string | null; limit: number | null; offset: number }) {
  let query = db.selectFrom('redirects');
  const { pattern } = options;
  if (pattern) query = query.where((eb) => eb.or([eb(sql`lower(old_url)`, 'like', pattern), eb(sql`lower(new_url)`, 'like', pattern)]));
  let rows = query.select(COLUMNS).orderBy('old_url').orderBy('id');
  if (options.limit !== null) rows = rows.limit(options.limit).offset(options.offset);
  const results = await rows.execute();
  const total = async () => Number((await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  return { results, total };
}

export function findRedirect(db: Kysely<Database>, id: number) {
  return db.selectFrom('redirects').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Whether another redirect than `exceptId` already leaves from the old URL. */
export async function oldUrlTaken(db: Kysely<Database>, oldUrl: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('redirects').select('id').where('old_url', '=', oldUrl);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertRedirect(trx: Kysely<Database>, row: RedirectRow): Promise<number> {
  return (await trx.insertInto('redirects').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Writes the redirect only if it is still at `version`; false when someone changed it. */
export async function updateRedirect(trx: Kysely<Database>, id: number, version: number, row: RedirectRow): Promise<boolean> {
  const written = await trx
    .updateTable('redirects')
    .set({ ...row, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Boolean(written.numUpdatedRows);
}

export function deleteRedirect(db: Kysely<Database>, id: number) {
  return db.deleteFrom('redirects').where('id', '=', id).returning('id').executeTakeFirst();
}
