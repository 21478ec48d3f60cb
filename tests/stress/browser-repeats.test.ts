import { describeExcelEditing } from '../e2e/excel-editing-suite.js';
import { describeGridExcelHabits } from '../e2e/grid-excel-habits-suite.js';
import { describePricingLayout } from '../e2e/pricing-layout-suite.js';
import { describePricing } from '../e2e/pricing-suite.js';
import { describeSeasonMerge } from '../e2e/season-merge-suite.js';
import { describeTourTabsAndPickers } from '../e2e/tour-tabs-and-pickers-suite.js';
import { describeUnsavedWork } from '../e2e/unsaved-work-suite.js';
import { useOwnBrowserServer } from '../helpers/own-browser-server.js';

// The browser cases npm test leaves out because each repeats one it runs on another tab, window
// size or choice (tests/helpers/browser-sweep.ts), on a server of their own: CI runs every case.
useOwnBrowserServer();
describeExcelEditing('repeats');
describeGridExcelHabits('repeats');
describePricingLayout('repeats');
describePricing('repeats');
describeSeasonMerge('repeats');
describeTourTabsAndPickers('repeats');
describeUnsavedWork('repeats');
