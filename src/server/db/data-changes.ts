import { randomBytes } from 'node:crypto';
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
  /** Names this process's announcements, so it does not count its own changes twice. */
  readonly source: string;
  readonly generation: number;
  /** Counts only the writes that may change a login: those naming the sessions or users tables. */
  readonly authGeneration: number;
  readonly complete: boolean;
  bump: (touchesAuth?: boolean) => void;
};

export function createDataChanges(complete: boolean): DataChanges & { setComplete: (value: boolean) => void } {
  let generation = 0;
  let authGeneration = 0;
  let isComplete = complete;
  const bump = (touchesAuth = true) => {
    generation += 1;
    if (touchesAuth) authGeneration += 1;
  };
  return {
    source: randomBytes(8).toString('hex'),
    get generation() {
      return generation;
    },
    get authGeneration() {
      return authGeneration;
    },
    get complete() {
      return isComplete;
    },
    bump,
    setComplete: (value) => {
      isComplete = value;
      bump();
    },
  };
}

const AUTH_TABLES = /\b(sessions|users)\b/i;

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
    let wroteAuth = false;
    // The payload: which process, and whether a login may have changed.
    const notify = (touchesAuth: boolean) => `NOTIFY ${DATA_CHANGED_CHANNEL}, '${changes.source}:${touchesAuth ? 'auth' : 'data'}'`;
    const counted = async (pending: Promise<unknown>, touchesAuth: boolean, announced: boolean) => {
      const result = await pending;
      changes.bump(touchesAuth);
      if (announce && !announced) await query(notify(touchesAuth));
      return result;
    };
    (client as unknown as { query: QueryFunction }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : typeof (first as { text?: unknown } | null)?.text === 'string' ? (first as { text: string }).text : null;
      const usesCallback = args.some((arg) => typeof arg === 'function');
      if (text === null || usesCallback) return query(...args);
      const kind = classifyStatement(text);
      if (kind === 'begin' || kind === 'rollback') {
        inTransaction = kind === 'begin';
        wrote = false;
        wroteAuth = false;
      } else if (kind === 'commit') {
        const [changed, touchesAuth] = [inTransaction && wrote, wroteAuth];
        inTransaction = false;
        wrote = false;
        wroteAuth = false;
        // A NOTIFY inside the transaction is delivered at its commit: one round trip for both.
        if (changed && announce && args.length <= 2 && !(args[1] as unknown[] | undefined)?.length) return counted(query(`${notify(touchesAuth)}; ${text}`) as Promise<unknown>, touchesAuth, true);
        if (changed) return counted(query(...args) as Promise<unknown>, touchesAuth, false);
      } else if (kind === 'write') {
        const touchesAuth = AUTH_TABLES.test(text);
        if (!inTransaction) return counted(query(...args) as Promise<unknown>, touchesAuth, false);
        wrote = true;
        wroteAuth ||= touchesAuth;
      }
      return query(...args);
    };
  });
}

/**
 * Stops listening to a client that is being given up. Its 'error' event keeps a listener: a
 * socket error after the connection was lost would otherwise be thrown as an uncaught exception.
 */
function forget(client: pg.Client) {
  client.removeAllListeners();
  client.on('error', () => undefined);
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
      forget(next);
      void next.end().catch(() => undefined);
      if (!stopped && !retry) retry = setTimeout(() => ((retry = null), void connect()), 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', ({ payload = '' }) => {
      const [source, kind] = payload.split(':');
      // This process counted its own changes when it made them; a change without a readable
      // payload (NOTIFY by hand) may be anything.
      if (source !== changes.source) changes.bump(kind !== 'data');
    });
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
    if (current) forget(current);
    await current?.end().catch(() => undefined);
  };
}
