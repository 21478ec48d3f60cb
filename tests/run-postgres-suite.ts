import { spawnSync } from 'node:child_process';

// `npm run test:postgres`: the API suite on a real PostgreSQL server when one is provided
// (.ci/run starts one and sets TEST_POSTGRES_URL); on a machine without one it says so.
const url = process.env.TEST_POSTGRES_URL;
if (!url) {
  console.log('API suite on PostgreSQL: not run here (set TEST_POSTGRES_URL to a PostgreSQL server to run it; CI does).');
  process.exit(0);
}
console.log(`API suite on PostgreSQL at ${new URL(url).host}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api*'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url } });
process.exit(result.status ?? 1);
