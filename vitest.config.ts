import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { stressCount } from './tests/helpers/stress-counts.js';

// The long stress suites (npm run test:stress: crash recovery, concurrency, load, the large backup
// round trip and the fuzz test at 10,000 requests) only with REPORT_MODE=stress, so the default
// `vitest run` of npm test leaves them out. One file at a time: they measure and load the machine.
const stress = process.env.REPORT_MODE === 'stress';
const stressProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'stress',
    // tests/stress-postgres: several server processes, which need PostgreSQL.
    include: ['tests/stress/**/*.test.ts', 'tests/api/fuzz-routes.test.ts', ...(process.env.TEST_POSTGRES_URL ? ['tests/stress-postgres/**/*.test.ts'] : [])],
    environment: 'node',
    testTimeout: 1_800_000,
    hookTimeout: 1_200_000,
    fileParallelism: false,
    globalSetup: ['tests/helpers/api-global-setup.ts'],
    // 10,000 fuzz requests, 4,000 with STRESS_COUNTS=ci (tests/helpers/stress-counts.ts).
    env: { FUZZ_RUNS: String(stressCount('fuzzRuns')) },
    // The browser files poll the screen as the e2e project's do.
    expect: { poll: { timeout: 10_000 } },
  },
};

// The API suite, on the embedded database or (npm run test:postgres) on PostgreSQL.
const apiTest = {
  include: ['tests/api/**/*.test.ts'],
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['tests/helpers/api-global-setup.ts'],
} satisfies TestProjectInlineConfiguration['test'];
// API tests that need PostgreSQL itself (several server processes on one database): only in the
// PostgreSQL run (npm run test:postgres sets DATABASE_URL), where `--project 'api*'` picks them up.
const postgresApiProject: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'api-postgres', include: ['tests/api-postgres/**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 300_000 },
};
const cpuMeasuringApiFiles = ['body-limits', 'media-heavy-uploads', 'pricing-stall-limits', 'rich-text-depth'].map((name) => `tests/api/${name}.test.ts`);

// The suites, each its own project so it can be run alone (`vitest run --project unit`; the API suite is `--project 'api*'`).
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker less than the cores: one worker on the two-core CI machine,
    // which ran every file in turn. Two run the unit, API and screen files side by side (the
    // browser and stress projects still run one file at a time); the whole suite passed so at a
    // load average of 8.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        // The unit files test pure functions and stub nothing they do not restore, so they share one
        // module graph per worker: 97 files importing HyperFormula, ExcelJS and zod each cost 53 s of
        // CPU against 26 s shared (unit files shuffled with several seeds pass either way).
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 60_000, isolate: false },
      },
      {
        extends: true,
        test: {
          ...apiTest,
          name: 'api',
          exclude: cpuMeasuringApiFiles,
          // One module graph per worker, not per file: importing the server (Fastify, PGlite, ExcelJS,
          // HyperFormula) for each of 70 files cost 75 s of the run's 170 s. Every file builds its own
          // app on its own database and closes it, and none mocks a module, so files share nothing else.
          isolate: false,
        },
      },
      // The files that assert a request's CPU time read the whole process's (process.cpuUsage), which in
      // a shared worker also counts the collector tidying what earlier files left: a fresh process each.
      { extends: true, test: { ...apiTest, name: 'api-cpu', include: cpuMeasuringApiFiles } },
      {
        extends: true,
        test: {
          name: 'screens',
          include: ['tests/screens/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/screen-setup.ts'],
          testTimeout: 30_000,
          // One module graph per worker, as the unit files: importing React, AG Grid, Tiptap and the
          // screens for each of 28 files cost 110 s of CPU against 80 s shared. What a test leaves in
          // a shared store (notices, the session, stubbed globals, fake clocks) screen-setup.ts clears.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
          setupFiles: ['tests/helpers/e2e-setup.ts'],
          // One module graph per worker, as the unit files, and one Chromium per worker
          // (tests/helpers/browser.ts): a graph and a Chromium per file cost about 1 s of CPU each, 43
          // times. Every file opens its own browser contexts and closes them, so files share nothing else.
          isolate: false,
          env: { SHARE_BROWSER_PER_WORKER: '1' },
          // A poll ends as soon as the screen shows the value; vitest's 1 s default failed a paste
          // that took longer to paint on a busy machine (grid-keyboard's cut check).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      ...(process.env.DATABASE_URL ? [postgresApiProject] : []),
      ...(stress ? [stressProject] : []),
    ],
  },
});
