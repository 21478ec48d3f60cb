import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL channel on which every process that writes announces a committed change. */
export const DATA_CHANGED_CHANNEL = 'backoffice_data_changed';

/**
 * A counter of committed writes, for caches of database reads (the API's read cache, the session
 * cache), fed by the connection (connection.ts). A reader notes the generation before it reads
 * and keeps what it read only if the generation is unchanged afterwards: a write that committed
 * in between makes the read unusable.
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
  /** Counts only the writes that may change a login: those that may write sessions or users. */
  readonly authGeneration: number;
  readonly complete: boolean;
  bump: (touchesAuth?: boolean) => void;
  /**
   * Resolves once every change committed before the call has been counted. A request calls it
   * before any cache is consulted: the write it follows may have been made through another
   * process a moment ago, and its notification still be on its way to this one.
   */
  catchUp: () => Promise<void>;
};

type CountedChanges = DataChanges & { setComplete: (value: boolean) => void; setCatchUp: (catchUp: () => Promise<void>) => void };

export function createDataChanges(complete: boolean): CountedChanges {
  let generation = 0;
  let authGeneration = 0;
  let isComplete = complete;
  // This process's own writes are counted when they commit: nothing to wait for.
  let catchUp: () => Promise<void> = async () => undefined;
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
    catchUp: () => catchUp(),
    setComplete: (value) => {
      isComplete = value;
      bump();
    },
    setCatchUp: (value) => {
      catchUp = value;
    },
  };
}

/** The NOTIFY by which this process tells the others of a committed change, and whether a login may have changed. */
export function announcement(changes: DataChanges, touchesAuth: boolean): string {
  return `NOTIFY ${DATA_CHANGED_CHANNEL}, '${changes.source}:${touchesAuth ? 'auth' : 'data'}'`;
}

/**
 * Catching up on a shared PostgreSQL: one round trip on the listening connection. A NOTIFY is
 * signalled to the listening sessions when its transaction commits, before its writer hears of
 * the commit, and PostgreSQL (14 and later) sends a session its pending notifications before the
 * answer to its next query; so once this answer is back, every change committed before it was
 * sent has been counted. Callers share round trips: each waits for the first one sent after it
 * called. Without a listening connection the caches serve nothing, so there is nothing to wait for.
 */
function roundTrips(listening: () => pg.Client | null): () => Promise<void> {
  let queued: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();
  const send = async () => {
    queued = null;
    const client = listening();
    // A lost connection makes `complete` false, which empties the caches: that is enough.
    await client?.query('SELECT 1').catch(() => undefined);
  };
  return () => {
    if (queued) return queued;
    const next = previous.then(send);
    queued = next;
    previous = next;
    return next;
  };
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
export function listenForDataChanges(connectionString: string, changes: CountedChanges): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  changes.setCatchUp(roundTrips(() => client));
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
