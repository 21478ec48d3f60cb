import { reportMode } from '../helpers/report-figures.js';
import { stressEngines } from '../helpers/stress-databases.js';
import { describeCrashRecovery } from './crash-recovery-suite.js';

// npm run test:stress: 20 kills per engine (the embedded database, and PostgreSQL when
// TEST_POSTGRES_URL names a server). CRASH_CYCLES overrides the count.
const cycles = Number(process.env.CRASH_CYCLES ?? (reportMode() === 'stress' ? 20 : 3));
for (const engine of stressEngines()) describeCrashRecovery(engine, cycles);
