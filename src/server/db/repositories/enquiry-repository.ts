import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
const newestFirst = (db: Kysely<Database>) => db.selectFrom('enquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');

/** Every enquiry, newest first. */
export function listEnquiries(db: Kysely<Database>) {
  return newestFirst(db).execute();
}

/** One page of the enquiries, newest first, searched by name or e-mail, with the total found. */
export async function pageEnquiries(db: Kysely<Database>, options: { search?: string; page: number; pageSize: number }) {
  let rows = db.selectFrom('enquiries').selectAll();
  if (options.search) {
    const pattern = `%${escapeLike(options.search)}%`;
    rows = rows.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  const [results, counted] = await Promise.all([
    rows
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
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

export function findEnquiry(db: Kysely<Database>, id: number) {
  return db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
}
