import { describeConcurrency } from '../helpers/concurrency-rounds.js';
import { stressCount } from '../helpers/stress-counts.js';
import { createEngineTestApp, stressEngines } from '../helpers/stress-databases.js';

// 200 rounds per subject (100 with STRESS_COUNTS=ci), on the embedded database and on PostgreSQL
// (TEST_POSTGRES_URL), where the two requests really run at the same time on two connections.
const rounds = stressCount('concurrencyRounds');
for (const engine of stressEngines()) describeConcurrency(engine, rounds, () => createEngineTestApp(engine));
