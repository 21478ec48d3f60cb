import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurns } from '../../src/server/db/fair-turns.js';

// The embedded database's one connection, handed out in turns (src/server/db/fair-turns.ts):
// on a real PGlite behind the same pg pool the server uses.

let pglite: PGlite;
let pool: pg.Pool;
beforeAll(async () => {
  pglite = new PGlite();
  await pglite.waitReady;
  pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  takeTurns(pool);
  await pool.query('CREATE TABLE turns (position serial PRIMARY KEY, asker integer NOT NULL)');
});
afterAll(async () => {
  await pool.end();
  await pglite.close();
});

const nextPass = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('turns at the embedded connection', () => {
  it('lets a pass of the event loop (where the network is read) run between one turn and the next', async () => {
    const happened: string[] = [];
    const first = await pool.connect();
    const second = pool.connect().then((client) => {
      happened.push('second turn');
      return client;
    });
    // Scheduled while the first turn holds the connection, as a read of the network would be.
    setImmediate(() => happened.push('pass of the event loop'));
    first.release();
    (await second).release();
    expect(happened).toEqual(['pass of the event loop', 'second turn']);
  });

  it('serves those waiting in the order they asked, each transaction whole', async () => {
    await pool.query('TRUNCATE turns');
    const askers = [0, 1, 2, 3, 4, 5, 6, 7];
    await Promise.all(
      askers.map(async (asker) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('INSERT INTO turns (asker) VALUES ($1)', [asker]);
          await nextPass();
          await client.query('INSERT INTO turns (asker) VALUES ($1)', [asker]);
          await client.query('COMMIT');
        } finally {
          client.release();
        }
      }),
    );
    const { rows } = await pool.query<{ asker: number }>('SELECT asker FROM turns ORDER BY position');
    expect(rows.map((row) => row.asker)).toEqual(askers.flatMap((asker) => [asker, asker]));
  });

  it('ends a turn released with an error (the connection is replaced) and serves the next one', async () => {
    const broken = await pool.connect();
    const next = pool.connect();
    broken.release(new Error('connection given up'));
    const client = await next;
    try {
      const { rows } = await client.query<{ answer: number }>('SELECT 41 + 1 AS answer');
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      client.release();
    }
  });

  it('a connection released twice ends its turn once: the turn after the next still waits for its own pass', async () => {
    const happened: string[] = [];
    // pg hands out the same client object each time, with a new release function per turn.
    const releaseFirst = (await pool.connect()).release;
    const second = pool.connect();
    const third = pool.connect().then((client) => {
      happened.push('third turn');
      return client;
    });
    releaseFirst();
    const secondClient = await second;
    expect(() => releaseFirst()).toThrow(/already been released/);
    setImmediate(() => happened.push('pass of the event loop'));
    secondClient.release();
    (await third).release();
    expect(happened).toEqual(['pass of the event loop', 'third turn']);
  });

  it("answers pg's own pool.query, which asks for the connection with a callback", async () => {
    const [one, two] = await Promise.all([pool.query<{ n: number }>('SELECT 1 AS n'), pool.query<{ n: number }>('SELECT 2 AS n')]);
    expect([one.rows[0].n, two.rows[0].n]).toEqual([1, 2]);
  });
});
