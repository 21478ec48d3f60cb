// A real server for attack tests, in a process of its own: the app as `npm start` builds it,
// listening on loopback, on a copy of the test run's migrated template database (TEMPLATE_FILE)
// with a priced tour season, instead of the ~17 s a first `npm start` spends loading demo data.
// Prints the fixture's ids as one JSON line, then the line startServer waits for.

import { readFileSync } from 'node:fs';
import { buildApp } from '../../src/server/app.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { readConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { createPricingFixture } from './pricing-fixtures.js';
import { STRESS_STAFF } from './server-process.js';

const config = readConfig();
const database = await openDatabase({ kind: 'embedded', loadDataDir: new Blob([readFileSync(process.env.TEMPLATE_FILE ?? '')]) });
await upsertStaffUser(database.db, STRESS_STAFF.email, STRESS_STAFF.password);
const fixture = await createPricingFixture(database.db);
const app = await buildApp({ db: database.db, changes: database.changes, config, logger: { level: 'warn' } });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log(`FIXTURE ${JSON.stringify(fixture)}`);
console.log(`Back-office running on http://127.0.0.1:${config.port}`);
