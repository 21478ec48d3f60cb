import type pg from 'pg';

type Release = (error?: Error | boolean) => void;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void;

/**
 * Gives the embedded database's one connection out in strict turns, first come first served,
 * one turn per pass of the event loop.
 *
 * Why: PGlite runs a whole query inside the calling thread, so a save holds the thread from the
 * moment its request is read until its answer is written. Node reads the network once per pass of
 * the event loop and then serves every request it found; under load, the connection whose answer
 * is written last in a pass sends its next request just after the network was read, misses the
 * next pass as well, and waits two rounds. Measured with 50 connections saving prices: one
 * request in fifty waited twice as long as the rest, which made the 99th percentile double the
 * median. Handing the connection out one turn per pass lets the network be read between turns,
 * so requests are served in the order they arrived.
 *
 * An idle database grants a turn in the same pass (setImmediate runs before the next read of the
 * network), so a lone request does not wait.
 */
export function takeTurns(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const waiting: Array<() => void> = [];
  let turnTaken = false;
  let passScheduled = false;

  const nextTurn = () => {
    passScheduled = false;
    if (turnTaken) return;
    const next = waiting.shift();
    if (!next) return;
    turnTaken = true;
    next();
  };
  const scheduleTurn = () => {
    if (passScheduled || turnTaken || waiting.length === 0) return;
    passScheduled = true;
    setImmediate(nextTurn);
  };
  const endTurn = () => {
    turnTaken = false;
    scheduleTurn();
  };

  const connectInTurn = async (): Promise<pg.PoolClient> => {
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      scheduleTurn();
    });
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (error) {
      endTurn();
      throw error;
    }
    const release = client.release.bind(client) as Release;
    let released = false;
    client.release = ((error?: Error | boolean) => {
      if (!released) {
        released = true;
        endTurn();
      }
      release(error);
    }) as typeof client.release;
    return client;
  };

  // pg's own pool.query() calls connect with a callback; Kysely uses the promise form.
  (pool as unknown as { connect: (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined }).connect = (callback?: ConnectCallback) => {
    if (!callback) return connectInTurn();
    connectInTurn().then(
      (client) => callback(undefined, client, (error) => client.release(error)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  };
}
