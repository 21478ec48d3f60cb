import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements longer than this (bulk inserts, long IN lists) vary too much to be worth keeping. */
const MAX_PREPARED_TEXT = 4_000;
/** Each connection keeps at most this many prepared statements; later new ones run unnamed. */
const MAX_PREPARED_PER_CONNECTION = 500;

type QueryFunction = (...args: unknown[]) => unknown;

// Statement names by text, shared by the connections: hashing each text once, not on every run.
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size >= 10 * MAX_PREPARED_PER_CONNECTION) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Makes every connection of the pool prepare each parameterised statement once, under a name
 * derived from its text, and reuse it afterwards: the database parses and plans the statement the
 * first time only (after five runs it may keep a generic plan). The same few statements run on
 * every save and read, and planning them was a large share of the embedded database's time.
 * Only the promise form `query(text, values)` is named, the form Kysely uses. A schema change
 * makes PostgreSQL re-plan a prepared statement by itself.
 *
 * Must be registered before any other wrapper of `client.query` on the pool (it wraps innermost).
 */
export function prepareRepeatedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFunction;
    const prepared = new Set<string>();
    (client as unknown as { query: QueryFunction }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || text.length > MAX_PREPARED_TEXT)
        return query(...args);
      const name = nameOf(text);
      if (!prepared.has(name)) {
        if (prepared.size >= MAX_PREPARED_PER_CONNECTION) return query(...args);
        prepared.add(name);
      }
      return query({ name, text, values });
    };
  });
}
