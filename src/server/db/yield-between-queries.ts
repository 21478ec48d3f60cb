import type pg from 'pg';
import { nextPassOfTheLoop, turnHasRunLong } from '../thread-turns.js';

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * Makes the embedded database's queries let the event loop turn once the current turn has run
 * long (thread-turns.ts: 10 ms).
 *
 * Why: PGlite runs each query on this thread and answers it in a microtask, so a request's
 * queries follow each other without the loop ever turning: a save of 5,000 prices held the
 * thread for 520 ms from its first query to its answer, during which no other request was even
 * read from the network. Waiting for the loop between queries costs a few microseconds and lets
 * other requests be read, answered from the caches, or queued for their turn at the database.
 * A transaction stays one transaction: its connection is not released while it waits. Bulk
 * writes go a chunk of rows a statement (write-chunk.ts), so no one query runs long either.
 *
 * Only the promise form of `query` waits (the form Kysely uses); a callback query runs at once.
 */
export function yieldBetweenQueries(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction;
    (client as unknown as { query: QueryFunction }).query = (...args: unknown[]) => {
      if (typeof args[args.length - 1] === 'function' || !turnHasRunLong()) return query(...args);
      return nextPassOfTheLoop().then(() => query(...args));
    };
  });
}
