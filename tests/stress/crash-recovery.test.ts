import { reportMode } from '../helpers/report-figures.js';
import { stressCount } from '../helpers/stress-counts.js';
import { stressEngines } from '../helpers/stress-databases.js';
import { describeCrashRecovery } from './crash-recovery-suite.js';

// npm run test:stress: 20 kills per engine (the embedded database, and PostgreSQL when
// TEST_POSTGRES_URL names a server), 8 with STRESS_COUNTS=ci; CRASH_CYCLES overrides the count.
const cycles = reportMode() === 'stress' ? stressCount('crashCycles') : Number(process.env.CRASH_CYCLES ?? 3);
for (const engine of stressEngines()) describeCrashRecovery(engine, cycles);
