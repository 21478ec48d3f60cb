import { reportEngine } from '../helpers/report-figures.js';
import { describeCrashRecovery } from '../stress/crash-recovery-suite.js';

// In npm test: one kill on this run's engine (the embedded database, or PostgreSQL in the API
// suite's PostgreSQL run). npm run test:stress runs 20 on both (tests/stress/crash-recovery.test.ts).
describeCrashRecovery(reportEngine(), Number(process.env.CRASH_CYCLES ?? 1));
