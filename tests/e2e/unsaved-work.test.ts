import { describeUnsavedWork } from './unsaved-work-suite.js';

// Unsaved work and the end of a session (the toasts in the large window: npm run test:stress).
describeUnsavedWork('short');
