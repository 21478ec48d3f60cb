import { describePricing } from './pricing-suite.js';

// The pricing tab in the browser (the repeats of a refused save's cases: npm run test:stress).
describePricing('short');
