import { describeExcelEditing } from './excel-editing-suite.js';

// Excel's editing keys on the price grids (the variation grids' repeats: npm run test:stress).
describeExcelEditing('short');
