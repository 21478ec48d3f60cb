import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { passwordProblem } from './auth/password-policy.js';
import { upsertStaffUser } from './auth/staff-users.js';
import { buildAppIfNeeded } from './build-app-if-needed.js';
import { runClusterPrimary, workerCount, workersProblem } from './cluster.js';
import { readConfig, type ServerConfig } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { isDatabaseEmpty, seedDemoData } from './db/seed/seed-demo-data.js';
import { closeOnSignals } from './graceful-shutdown.js';
import { openConfiguredDatabase } from './open-configured-database.js';
import { productionWarnings } from './production-warnings.js';
import { mediaStoreOf } from './media/media-store.js';

const DEMO_EMAIL = 'staff@example.com';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const skipBuild = process.argv.includes('--api-only');

/**
 * `npm start`: build the app when needed, open and migrate the database, load demo data into an
 * empty one, make sure the configured staff user exists, then serve app and API on one port: in
 * this process, or with WORKERS=n in n worker processes (cluster.ts) that each open the database.
 */
async function main() {
  const config = readConfig();
  if (cluster.isWorker) return serve(config, await openConfiguredDatabase(config), skipBuild ? null : path.join(root, 'dist'));

  const workers = workerCount(process.argv, config.workers);
  // Refused before anything is built, opened or seeded.
  const problem = workersProblem(workers, config.databaseUrl) ?? staffPasswordProblem(config);
  if (problem) throw new Error(problem);
  const staticDir = skipBuild ? null : await buildAppIfNeeded(root, console.log);
  const database = await openConfiguredDatabase(config);
  const loginLine = await prepareDatabase(config, database);
  const announce = () => {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
    const processes = workers > 1 ? ` in ${workers} processes` : '';
    console.log(`Back-office running on http://localhost:${config.port} (API at /api/v1), using ${where}${processes}.`);
    for (const warning of productionWarnings(config)) console.warn(warning);
    console.log(loginLine);
  };
  if (workers === 1) {
    await serve(config, database, staticDir);
    return announce();
  }
  // The workers open their own connections; the primary only starts and replaces them.
  await database.close();
  runClusterPrimary({ workers, onListening: announce });
}

function staffPasswordProblem(config: ServerConfig): string | null {
  const problem = config.staffEmail && config.staffPassword ? passwordProblem(config.staffPassword, { email: config.staffEmail }) : null;
  return problem ? `STAFF_PASSWORD: ${problem}` : null;
}

/** Loads demo data into an empty database and makes sure the staff user exists; answers the login line to print. */
async function prepareDatabase(config: ServerConfig, database: DatabaseHandle): Promise<string> {
  let demoLogin: { email: string; password: string } | null = null;
  if (await isDatabaseEmpty(database.db)) {
    console.log('Empty database: loading demo data...');
    await seedDemoData(database.db, { scale: 'demo', media: mediaStoreOf(config) });
    if (!config.staffEmail) {
      demoLogin = { email: DEMO_EMAIL, password: randomBytes(9).toString('base64url') };
      await upsertStaffUser(database.db, demoLogin.email, demoLogin.password);
    }
  }
  if (config.staffEmail && config.staffPassword) await upsertStaffUser(database.db, config.staffEmail, config.staffPassword);
  if (demoLogin) return `Staff login: ${demoLogin.email} / ${demoLogin.password}`;
  if (config.staffEmail) return `Staff login: ${config.staffEmail} (password from STAFF_PASSWORD)`;
  return 'Staff login: use an existing user, or create one with `npm run user:add -- EMAIL`.';
}

/** Serves app and API on the configured port until SIGTERM or SIGINT, which close it gracefully. */
async function serve(config: ServerConfig, database: DatabaseHandle, staticDir: string | null): Promise<void> {
  const app = await buildApp({ db: database.db, changes: database.changes, config, staticDir, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  closeOnSignals(app, database.close);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
