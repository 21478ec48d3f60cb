import { describeGridExcelHabits } from './grid-excel-habits-suite.js';

// Excel's habits in the price grids (Find on the other extras tabs: npm run test:stress).
describeGridExcelHabits('short');
