import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';

// Tables a refused request may change on purpose: the auth hook refreshes a session's last use,
// failed logins are counted, a refused upload or publish took and gave back its slot or the
// publish gate, and the migration bookkeeping is not data.
const NOT_DATA = new Set(['sessions', 'login_attempts', 'stream_presence', 'publish_gate', 'upload_slots', 'kysely_migration', 'kysely_migration_lock']);

/** Where the database stood at a moment: the next transaction id and every data table's row count. */
export type WriteMark = { next: string; counts: Map<string, number> };

/**
 * Tells whether anything was written to the database between two moments, cheaply enough to ask
 * after every request of a fuzz run.
 *
 * Every committed write takes a transaction id, so when the next id has not moved nothing can have
 * changed and the check costs one query. When it has moved (another test database on the same
 * PostgreSQL, a refreshed session, a write that was rolled back), `changedSince` asks which of
 * those transactions committed. Only if one did are the tables looked at: a row it inserted or
 * updated carries its id as `xmin` (a rolled-back write's rows are never visible), and a row it
 * deleted shows as a row count below the mark's. `contents` hashes every row instead, for a test
 * that compares two moments without a mark; it costs a read of every row as text.
 */
export class WriteDetector {
  private tables: string[] | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  /** The id the next writing transaction will get; it only moves when something writes. */
  async nextTransactionId(): Promise<string> {
    const result = await sql<{ next: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`.execute(this.db);
    return result.rows[0].next;
  }

  /** Where the database stands now: taken before the requests whose writes `changedSince` looks for. */
  async mark(): Promise<WriteMark> {
    const next = await this.nextTransactionId();
    const parts = (await this.dataTableNames()).map((table) => sql`SELECT ${table} AS name, count(*)::int AS n FROM ${sql.table(table)}`);
    const result = await sql<{ name: string; n: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(this.db);
    return { next, counts: new Map(result.rows.map((row) => [row.name, row.n])) };
  }

  /**
   * How many transactions committed since the mark (on PostgreSQL, in any of the server's
   * databases), and the data tables they changed here (looked at only when one did).
   */
  async changedSince(mark: WriteMark): Promise<{ committed: number; tables: string[] }> {
    const next = await this.nextTransactionId();
    if (next === mark.next) return { committed: 0, tables: [] };
    const committed = await sql<{ xid: string }>`
      SELECT x::text AS xid FROM generate_series(${mark.next}::bigint, ${next}::bigint - 1) AS x
      WHERE pg_xact_status(x::text::xid8) = 'committed'`.execute(this.db);
    if (committed.rows.length === 0) return { committed: 0, tables: [] };
    // xmin is the 32-bit transaction id: the low half of the 64-bit ones counted above.
    const ids = committed.rows.map((row) => Number(BigInt(row.xid) % 4_294_967_296n));
    const parts = (await this.dataTableNames()).map(
      (table) =>
        sql`SELECT ${table} AS name, count(*)::int AS n,
          count(*) FILTER (WHERE xmin::text::bigint IN (${sql.join(ids)}))::int AS written FROM ${sql.table(table)}`,
    );
    const result = await sql<{ name: string; n: number; written: number }>`${sql.join(parts, sql` UNION ALL `)}`.execute(this.db);
    const tables = result.rows.filter((row) => row.written > 0 || row.n !== mark.counts.get(row.name)).map((row) => row.name);
    return { committed: committed.rows.length, tables };
  }

  /** One line per data table: its name, row count and the sum of its rows' hashes. */
  async contents(): Promise<string> {
    const parts = (await this.dataTableNames()).map(
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

  private async dataTableNames(): Promise<string[]> {
    this.tables ??= await this.dataTables();
    return this.tables;
  }

  private async dataTables(): Promise<string[]> {
    const result = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(this.db);
    return result.rows.map((row) => row.table_name).filter((name) => !NOT_DATA.has(name));
  }
}
