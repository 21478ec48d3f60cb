import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { connect } from './connection.js';
import { createDataChanges, listenForDataChanges, type DataChanges } from './data-changes.js';
import type { Database } from './schema.js';

// numeric and bigint come back from pg as strings; the app computes with numbers, rounding
// decimal-safely where money is concerned (DESIGN.md section 5). Dates stay 'YYYY-MM-DD' text so
// no time zone can shift them.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type DatabaseKind = 'embedded' | 'postgres';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded engine, when there is one (tests clone it, backups dump it). */
  pglite: PGlite | null;
  /** Committed writes, counted for the caches of reads (see connection.ts). */
  changes: DataChanges;
  close: () => Promise<void>;
};

export type DatabaseTarget = { kind: 'embedded'; dataDir?: string; loadDataDir?: Blob } | { kind: 'postgres'; url: string };

/**
 * Opens the database through the `pg` driver in both cases, so the embedded database and a real
 * PostgreSQL run the same driver and the same SQL. The embedded pool has one connection: PGlite is
 * single-session, and a transaction must own it until it commits.
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server ends (a restart, an administrator) is dropped by the pool;
    // without a listener its error would be thrown and stop the process.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    const changes = createDataChanges(false);
    const db = connect(pool, { changes, announce: true, embedded: false });
    const stopListening = listenForDataChanges(target.url, changes);
    const close = async () => {
      await stopListening();
      await db.destroy();
    };
    return { db, kind: 'postgres', pglite: null, changes, close };
  }
  // PGlite reads its options from the first argument when no data folder is given.
  const pglite = target.dataDir ? new PGlite(target.dataDir) : new PGlite(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  await pglite.waitReady;
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  // One process per data folder (its lock), so this pool sees every write there is.
  const changes = createDataChanges(true);
  const db = connect(pool, { changes, announce: false, embedded: true });
  const close = async () => {
    // A checkpoint writes everything committed into the data folder before the engine stops.
    if (target.dataDir) await sql`CHECKPOINT`.execute(db).catch(() => undefined);
    await db.destroy();
    await pglite.close();
  };
  return { db, kind: 'embedded', pglite, changes, close };
}
