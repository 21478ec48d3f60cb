import { describeConcurrency } from '../helpers/concurrency-rounds.js';
import { reportEngine } from '../helpers/report-figures.js';
import { createTestApp } from '../helpers/test-app.js';

// In npm test: 4 rounds per subject (each client starting first twice) on this run's engine
// (PGlite, or PostgreSQL in the API suite's PostgreSQL run). npm run test:stress runs 200 on both
// (tests/stress/concurrency.test.ts).
describeConcurrency(reportEngine(), Number(process.env.CONCURRENCY_ROUNDS ?? 4), () => createTestApp());
