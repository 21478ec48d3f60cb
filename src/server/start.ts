import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { passwordProblem } from './auth/password-policy.js';
import { upsertStaffUser } from './auth/staff-users.js';
import { buildAppIfNeeded } from './build-app-if-needed.js';
import { readConfig } from './config.js';
import { isDatabaseEmpty, seedDemoData } from './db/seed/seed-demo-data.js';
import { openConfiguredDatabase } from './open-configured-database.js';
import { productionWarnings } from './production-warnings.js';
import { mediaStoreOf } from './media/media-store.js';

const DEMO_EMAIL = 'staff@example.com';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `npm start`: build the app when needed, open and migrate the database, load demo data into an
 * empty one, make sure the configured staff user exists, then serve app and API on one port.
 */
async function main() {
  const config = readConfig();
  // Refused before anything is built, opened or seeded.
  const staffPasswordProblem = config.staffEmail && config.staffPassword ? passwordProblem(config.staffPassword, { email: config.staffEmail }) : null;
  if (staffPasswordProblem) throw new Error(`STAFF_PASSWORD: ${staffPasswordProblem}`);
  const skipBuild = process.argv.includes('--api-only');
  const staticDir = skipBuild ? null : await buildAppIfNeeded(root, console.log);
  const database = await openConfiguredDatabase(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;

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

  const app = await buildApp({ db: database.db, changes: database.changes, config, staticDir, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing the server and the database...`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Back-office running on http://localhost:${config.port} (API at /api/v1), using ${where}.`);
  for (const warning of productionWarnings(config)) console.warn(warning);
  if (demoLogin) console.log(`Staff login: ${demoLogin.email} / ${demoLogin.password}`);
  else if (config.staffEmail) console.log(`Staff login: ${config.staffEmail} (password from STAFF_PASSWORD)`);
  else console.log('Staff login: use an existing user, or create one with `npm run user:add -- EMAIL`.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
