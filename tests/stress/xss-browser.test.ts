import { describeXssSweep } from '../e2e/xss-suite.js';
import { useOwnBrowserServer } from '../helpers/own-browser-server.js';

// The full sweep: every payload in every rich-text field, then every screen that shows one, on a
// server of its own (npm test opens two of the screens: tests/e2e/xss.test.ts).
useOwnBrowserServer();
describeXssSweep('full');
