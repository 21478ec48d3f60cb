import { describeSeasonMerge } from './season-merge-suite.js';

// Issue 29's merging of a stale save, the price grid's cases (the other tabs': npm run test:stress).
describeSeasonMerge('short');
