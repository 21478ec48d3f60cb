import { describeAccessibility } from './accessibility-suite.js';

// axe on the login page, the bookings list and the pricing tab, and the price grid by keyboard;
// every screen and keyboard test runs in npm run test:stress (tests/stress/accessibility-browser.test.ts).
describeAccessibility('short');
