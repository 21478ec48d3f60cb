import { describeConcurrency } from '../helpers/concurrency-rounds.js';
import { createEngineTestApp, stressEngines } from '../helpers/stress-databases.js';

// 200 rounds per subject, on the embedded database and on PostgreSQL (TEST_POSTGRES_URL), where
// the two requests really run at the same time on two connections.
const rounds = Number(process.env.CONCURRENCY_ROUNDS ?? 200);
for (const engine of stressEngines()) describeConcurrency(engine, rounds, () => createEngineTestApp(engine));
