import { describePricingLayout } from './pricing-layout-suite.js';

// The seasonal grids fill the window: each tab in one window size (the other: npm run test:stress).
describePricingLayout('short');
