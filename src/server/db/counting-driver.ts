import { CompiledQuery, type DatabaseConnection, type Driver, type QueryCompiler, type QueryResult, type TransactionSettings } from 'kysely';
import { actingUserSetting } from './acting-user-setting.js';
import { announcement, type DataChanges } from './data-changes.js';
import { writtenTables, type WrittenTables } from './written-tables.js';

const AUTH_TABLES = new Set(['sessions', 'users']);
const touchesAuth = (tables: Exclude<WrittenTables, null>) => tables === 'any' || tables.some((table) => AUTH_TABLES.has(table));

// Bookkeeping no cached read depends on: the presence streams rewrite their rows every few seconds
// and read them straight from the database, so counting those writes would only empty the read
// cache (and NOTIFY every other process) several times a second while a season is open. The
// publish gate and the upload slots (migration 018) are read straight from the database too.
const UNCOUNTED_TABLES = new Set(['stream_presence', 'publish_gate', 'upload_slots']);

/** What a statement writes that the caches must hear of: null for a read or a write of bookkeeping only. */
function countedTables(tables: WrittenTables): WrittenTables {
  return tables !== null && tables !== 'any' && tables.every((table) => UNCOUNTED_TABLES.has(table)) ? null : tables;
}

/** One connection as Kysely sees it, remembering what its open transaction has written. */
class CountingConnection implements DatabaseConnection {
  /** Whether a transaction is open, and whether it wrote and may have changed a login. */
  inTransaction = false;
  wrote = false;
  wroteAuth = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly counted: (connection: DatabaseConnection, touchesAuth: boolean) => Promise<void>,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tables = countedTables(writtenTables(query.query));
    if (!tables) return this.inner.executeQuery<R>(query);
    await this.nameTheAuthor();
    if (this.inTransaction) {
      this.wrote = true;
      this.wroteAuth ||= touchesAuth(tables);
      return this.inner.executeQuery<R>(query);
    }
    const result = await this.inner.executeQuery<R>(query);
    await this.counted(this.inner, touchesAuth(tables));
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const tables = countedTables(writtenTables(query.query));
    if (tables) await this.nameTheAuthor();
    if (tables && this.inTransaction) {
      this.wrote = true;
      this.wroteAuth ||= touchesAuth(tables);
    }
    yield* this.inner.streamQuery<R>(query, chunkSize);
    if (tables && !this.inTransaction) await this.counted(this.inner, touchesAuth(tables));
  }

  endTransaction(): { wrote: boolean; wroteAuth: boolean } {
    const ended = { wrote: this.wrote, wroteAuth: this.wroteAuth };
    this.inTransaction = this.wrote = this.wroteAuth = false;
    return ended;
  }

  /** Before a write: who is writing, for record_changes (once per transaction, else every write). */
  private async nameTheAuthor(): Promise<void> {
    if (this.inTransaction && this.wrote) return;
    await this.inner.executeQuery(actingUserSetting(this.inTransaction));
  }
}

/**
 * Kysely's driver with every committed write counted in `changes`: a write outside a transaction
 * when it completes, the writes of a transaction when its commit completes (a rolled-back one
 * changed nothing). Transactions are known from the driver's own begin, commit and rollback
 * calls, writes from the kind of each compiled query (written-tables.ts). With `announce`, each
 * counted change is also NOTIFYed to the other processes on the same PostgreSQL before the caller
 * hears of it; at a commit in the same round trip as the COMMIT.
 */
export class CountingDriver implements Driver {
  private readonly connections = new WeakMap<DatabaseConnection, CountingConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly changes: DataChanges,
    private readonly announce: boolean,
  ) {}

  private readonly counted = async (connection: DatabaseConnection, auth: boolean) => {
    this.changes.bump(auth);
    if (this.announce) await connection.executeQuery(CompiledQuery.raw(announcement(this.changes, auth)));
  };

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<CountingConnection> {
    const inner = await this.inner.acquireConnection();
    let connection = this.connections.get(inner);
    if (!connection) {
      connection = new CountingConnection(inner, this.counted);
      this.connections.set(inner, connection);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const counting = connection as CountingConnection;
    await this.inner.beginTransaction(counting.inner, settings);
    counting.endTransaction();
    counting.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const counting = connection as CountingConnection;
    const { wrote, wroteAuth } = counting.endTransaction();
    if (!wrote) return this.inner.commitTransaction(counting.inner);
    // A NOTIFY inside the transaction is delivered at its commit: one round trip for both.
    if (this.announce) await counting.inner.executeQuery(CompiledQuery.raw(`${announcement(this.changes, wroteAuth)}; commit`));
    else await this.inner.commitTransaction(counting.inner);
    this.changes.bump(wroteAuth);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const counting = connection as CountingConnection;
    counting.endTransaction();
    await this.inner.rollbackTransaction(counting.inner);
  }

  // A rollback to a savepoint keeps what the transaction wrote before it: still counted at commit.
  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.((connection as CountingConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as CountingConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as CountingConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as CountingConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
