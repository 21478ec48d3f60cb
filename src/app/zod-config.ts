import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may, and probes whether it may on first
// use: under the app's content security policy (no 'unsafe-eval') that probe is a violation every
// page reported. Jitless parsing never tries. Imported first by main.tsx, before any schema runs.
z.config({ jitless: true });
