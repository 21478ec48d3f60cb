import pg from 'pg';

/** The PostgreSQL channel on which every process that writes announces a committed change. */
export const DATA_CHANGED_CHANNEL = 'backoffice_data_changed';

/**
 * A counter of committed writes, for caches of database reads (the API's read cache, the session
 * cache). A reader notes the generation before it reads and keeps what it read only if the
 * generation is unchanged afterwards: a write that committed in between makes the read unusable.
 *
 * `complete` says whether every write that can reach the database is counted. The embedded
 * database is, by its data-folder lock, written by this process alone, so it always is. A shared
 * PostgreSQL is written by other processes too, whose commits arrive as notifications: complete
 * only while this process is listening for them.
 */
export type DataChanges = {
  readonly generation: number;
  readonly complete: boolean;
  bump: () => void;
};

export function createDataChanges(complete: boolean): DataChanges & { setComplete: (value: boolean) => void } {
  let generation = 0;
  let isComplete = complete;
  return {
    get generation() {
      return generation;
    },
    get complete() {
      return isComplete;
    },
    bump: () => {
      generation += 1;
    },
    setComplete: (value) => {
      isComplete = value;
      generation += 1;
    },
  };
}

type StatementKind = 'begin' | 'commit' | 'rollback' | 'read' | 'write';

// Statements that change no stored data. Anything not listed (insert, update, delete, with, DDL,
// copy, truncate, do, call) counts as a write: a needless count only costs a cache miss.
const READ_STATEMENT = /^(select|show|explain|listen|unlisten|notify|set|reset|savepoint|release|checkpoint|vacuum|analyze|fetch|declare|close|discard|prepare|deallocate)\b/;

export function classifyStatement(text: string): StatementKind {
  const statement = text.trimStart().slice(0, 40).toLowerCase();
  if (/^(begin|start\s+transaction)\b/.test(statement)) return 'begin';
  if (/^(commit|end)\b/.test(statement)) return 'commit';
  if (/^rollback\s+to\b/.test(statement)) return 'read';
  if (/^(rollback|abort)\b/.test(statement)) return 'rollback';
  return READ_STATEMENT.test(statement) ? 'read' : 'write';
}

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Counts the writes every connection of the pool commits: a write outside a transaction when it
 * completes, the writes of a transaction when its COMMIT completes (a rolled-back transaction
 * changed nothing). With `announce`, each counted change is also NOTIFYed to other processes
 * before the caller hears of it. Only the promise form of `query` is counted, the form Kysely uses.
 */
export function countPoolWrites(pool: pg.Pool, changes: DataChanges, announce: boolean): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction;
    let inTransaction = false;
    let wrote = false;
    const counted = async (pending: Promise<unknown>) => {
      const result = await pending;
      changes.bump();
      if (announce) await query(`NOTIFY ${DATA_CHANGED_CHANNEL}`);
      return result;
    };
    (client as unknown as { query: QueryFunction }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : typeof (first as { text?: unknown } | null)?.text === 'string' ? (first as { text: string }).text : null;
      const usesCallback = args.some((arg) => typeof arg === 'function');
      if (text === null || usesCallback) return query(...args);
      const kind = classifyStatement(text);
      if (kind === 'begin') {
        inTransaction = true;
        wrote = false;
      } else if (kind === 'rollback') {
        inTransaction = false;
        wrote = false;
      } else if (kind === 'commit') {
        const changed = inTransaction && wrote;
        inTransaction = false;
        wrote = false;
        if (changed) return counted(query(...args) as Promise<unknown>);
      } else if (kind === 'write') {
        if (inTransaction) wrote = true;
        else return counted(query(...args) as Promise<unknown>);
      }
      return query(...args);
    };
  });
}

/**
 * Listens for the changes other processes announce on a shared PostgreSQL. While the listening
 * connection is down, nothing may be served from a cache (`complete` is false); it reconnects.
 */
export function listenForDataChanges(connectionString: string, changes: ReturnType<typeof createDataChanges>): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    const lost = () => {
      changes.setComplete(false);
      next.removeAllListeners();
      void next.end().catch(() => undefined);
      if (!stopped && !retry) retry = setTimeout(() => ((retry = null), void connect()), 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', () => changes.bump());
    try {
      await next.connect();
      await next.query(`LISTEN ${DATA_CHANGED_CHANNEL}`);
      if (stopped) return void (await next.end());
      client = next;
      changes.setComplete(true);
    } catch {
      lost();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    changes.setComplete(false);
    const current = client;
    client = null;
    current?.removeAllListeners();
    await current?.end().catch(() => undefined);
  };
}
