import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

// Tables a refused request may change on purpose: the auth hook refreshes a session's last use,
// failed logins are counted, and the migration bookkeeping is not data.
const NOT_DATA = new Set(['sessions', 'login_attempts', 'kysely_migration', 'kysely_migration_lock']);

/**
 * Tells whether anything was written to the database between two moments, cheaply enough to ask
 * after every request of a fuzz run.
 *
 * Every committed write takes a transaction id, so when the next id has not moved nothing can have
 * changed and the check costs one query. When it has moved (another test database on the same
 * PostgreSQL, a refreshed session, a write that was rolled back), every table is compared: its row
 * count and a hash of every row's text, so a rolled-back write counts as no change and any
 * committed one shows.
 */
export class WriteDetector {
  private tables: string[] | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The id the next writing transaction will get; it only moves when something writes. */
  async nextTransactionId(): Promise<string> {
    const result = await sql<{ next: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`.execute(this.db);
    return result.rows[0].next;
  }

  /** One line per data table: its name, row count and the sum of its rows' hashes. */
  async contents(): Promise<string> {
    this.tables ??= await this.dataTables();
    const parts = this.tables.map(
      (table) => sql`SELECT ${table} AS name, count(*)::text AS n, coalesce(sum(hashtextextended(t::text, 0)), 0)::text AS h FROM ${sql.table(table)} t`,
    );
    const result = await sql<{ name: string; n: string; h: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(this.db);
    return result.rows
      .map((row) => `${row.name} ${row.n} ${row.h}`)
      .sort()
      .join('\n');
  }

  /** Which tables differ between two `contents()` answers. */
  static changedTables(before: string, after: string): string[] {
    const earlier = new Set(before.split('\n'));
    return after
      .split('\n')
      .filter((line) => !earlier.has(line))
      .map((line) => line.split(' ')[0]);
  }

  private async dataTables(): Promise<string[]> {
    const result = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(this.db);
    return result.rows.map((row) => row.table_name).filter((name) => !NOT_DATA.has(name));
  }
}
