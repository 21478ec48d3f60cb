import { describeAccessibility } from '../e2e/accessibility-suite.js';
import { useOwnBrowserServer } from '../helpers/own-browser-server.js';

// The full sweep: axe on every main screen and every keyboard test, on a server of its own (npm
// test runs a short part of it: tests/e2e/accessibility.test.ts).
useOwnBrowserServer();
describeAccessibility('full');
