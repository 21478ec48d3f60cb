import { describeTourTabsAndPickers } from './tour-tabs-and-pickers-suite.js';

// The tour tabs and the form's pickers (the tabs in the large window: npm run test:stress).
describeTourTabsAndPickers('short');
