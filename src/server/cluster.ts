import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';

/** How many server processes to start: `--workers n` on the command line, else WORKERS (the configuration). */
export function workerCount(argv: string[], configured: number): number {
  const flag = argv.indexOf('--workers');
  return flag === -1 ? configured : Number(argv[flag + 1]);
}

/** Why `workers` processes cannot run on this database, or null when they can. */
export function workersProblem(workers: number, databaseUrl: string | null): string | null {
  if (!Number.isInteger(workers) || workers < 1) return 'WORKERS (or --workers) must be a whole number of server processes, 1 or more.';
  if (workers === 1 || databaseUrl) return null;
  return (
    `WORKERS=${workers}: several server processes need PostgreSQL (set DATABASE_URL). The embedded ` +
    'database lives inside one process and its data folder takes one server only; start without WORKERS.'
  );
}

type ClusterOptions = {
  workers: number;
  /** Printed once every first worker listens. */
  onListening: () => void;
  log?: (message: string) => void;
};

/**
 * The primary of `WORKERS=n`: forks n workers that all listen on the one port (Node's cluster
 * shares it), replaces a worker that dies, and on SIGHUP replaces them one by one: a new worker
 * listens before the old one is told to stop (SIGTERM: it finishes its requests, see
 * graceful-shutdown.ts), so some worker always answers. SIGTERM or SIGINT stops them all, then
 * the primary. The primary itself holds no database connection and serves nothing.
 */
export function runClusterPrimary({ workers, onListening, log = console.log }: ClusterOptions): void {
  let stopping = false;
  let restarting = false;
  // Workers being replaced on purpose: their exit is not a crash.
  const retiring = new Set<Worker>();

  const fork = async (): Promise<Worker> => {
    const worker = cluster.fork();
    const [listening] = await Promise.race([once(worker, 'listening'), once(worker, 'exit').then(() => [null])]);
    if (listening === null) throw new Error(`Worker ${worker.process.pid} stopped before it listened`);
    log(`Worker ${worker.process.pid} listening.`);
    // Only a worker that once listened is replaced when it dies: one that cannot start would fail again.
    worker.on('exit', (code, signal) => {
      if (stopping || retiring.has(worker)) return;
      log(`Worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another.`);
      fork().catch((error: unknown) => log(`No worker replaced it: ${error instanceof Error ? error.message : String(error)}`));
    });
    return worker;
  };

  const retire = async (worker: Worker) => {
    if (worker.isDead()) return;
    retiring.add(worker);
    const exited = once(worker, 'exit');
    worker.process.kill('SIGTERM');
    await exited;
    retiring.delete(worker);
  };

  const rollingRestart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    const old = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    log(`SIGHUP: replacing ${old.length} workers one by one...`);
    try {
      for (const worker of old) {
        await fork();
        await retire(worker);
      }
      log(`Rolling restart finished: ${old.length} workers replaced.`);
    } catch (error) {
      log(`Rolling restart stopped: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      restarting = false;
    }
  };

  const stopAll = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping every worker...`);
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    await Promise.all(running.map(retire));
    process.exit(0);
  };

  process.on('SIGHUP', () => void rollingRestart());
  process.on('SIGTERM', () => void stopAll('SIGTERM'));
  process.on('SIGINT', () => void stopAll('SIGINT'));

  Promise.all(Array.from({ length: workers }, fork)).then(onListening, (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    void stopAll('A worker failed to start');
  });
}
