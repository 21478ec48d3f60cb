import { describeXssSweep } from './xss-suite.js';

// Every payload in every rich-text field, cleaned by the server, on two screens; the sweep of every
// screen runs in npm run test:stress (tests/stress/xss-browser.test.ts).
describeXssSweep('short');
