import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import type pg from 'pg';
import { CountingDriver } from './counting-driver.js';
import type { DataChanges } from './data-changes.js';
import { takeTurns } from './fair-turns.js';
import { yieldBetweenQueries } from './yield-between-queries.js';
import { prepareRepeatedStatements } from './prepared-statements.js';
import type { Database } from './schema.js';

export type ConnectionOptions = {
  /** Where committed writes are counted for the caches of reads. */
  changes: DataChanges;
  /** Announce each counted change to the other processes on the same PostgreSQL (NOTIFY). */
  announce: boolean;
  /** The embedded database: its one connection handed out in strict turns, its queries sharing the thread. */
  embedded: boolean;
};

/**
 * The one place where the server's database connection is put together: a `pg` pool under
 * Kysely, with three additions, each in its own module.
 *
 * 1. Prepared statements (prepared-statements.ts, on every `pg` client of the pool): each
 *    parameterised statement is parsed and planned once per connection, then reused.
 * 2. Fair turns (fair-turns.ts, on the pool's `connect`, embedded database only): its single
 *    connection is handed out one turn per pass of the event loop, first come first served.
 *    Its queries also let the event loop turn once the turn has run 10 ms
 *    (yield-between-queries.ts): PGlite runs them on this thread.
 * 3. Write counting (counting-driver.ts, around Kysely's driver): every committed write bumps
 *    `changes`, which the read cache and the session cache check, and is announced to other
 *    processes when `announce` is set. Writes are told by the kind of Kysely's compiled query
 *    (written-tables.ts) and transactions by the driver's begin/commit/rollback, never by reading
 *    the SQL text.
 * 4. The author of each write (acting-user-setting.ts, in the same driver): before a write, the
 *    staff member of the request is set as `app.acting_user`, read by the triggers that keep
 *    record_changes ("Last changed by").
 *
 * Everything that reaches the database through the returned Kysely is counted; nothing in the
 * server talks to the pool directly.
 */
export function connect(pool: pg.Pool, options: ConnectionOptions): Kysely<Database> {
  // Wraps each client's `query` innermost, so it must come before anything else on the pool.
  prepareRepeatedStatements(pool);
  if (options.embedded) {
    yieldBetweenQueries(pool);
    takeTurns(pool);
  }
  const postgres = new PostgresDialect({ pool });
  const dialect: Dialect = {
    createAdapter: () => postgres.createAdapter(),
    createDriver: () => new CountingDriver(postgres.createDriver(), options.changes, options.announce),
    createIntrospector: (db) => postgres.createIntrospector(db),
    createQueryCompiler: () => postgres.createQueryCompiler(),
  };
  return new Kysely<Database>({ dialect });
}
