import { describe, it } from 'vitest';

/**
 * Which of a browser file's cases run. `npm test` runs one case of each kind ('short'); the same
 * check repeated on another tab, viewport or choice runs in `npm run test:stress` ('repeats', from
 * tests/stress/browser-repeats.test.ts on a server of its own), so CI still runs every case once.
 */
export type BrowserSweep = 'short' | 'repeats';

type Case = (name: string, body: () => Promise<void>, timeout?: number) => void;
type Group = (name: string, body: () => void) => void;

export function sweepCases(sweep: BrowserSweep): { once: Case; repeat: Case; onceGroup: Group; repeatGroup: Group } {
  return {
    /** A case of its own kind: npm test. */
    once: (name, body, timeout) => {
      if (sweep === 'short') it(name, body, timeout);
    },
    /** A describe block holding only `once` cases: npm test alone (vitest fails an empty block). */
    onceGroup: (name, body) => {
      if (sweep === 'short') describe(name, body);
    },
    /** A describe block holding only `repeat` cases: npm run test:stress alone. */
    repeatGroup: (name, body) => {
      if (sweep === 'repeats') describe(name, body);
    },
    /** The same check as a `once` case on another tab, viewport or choice: npm run test:stress. */
    repeat: (name, body, timeout) => {
      if (sweep === 'repeats') it(name, body, timeout);
    },
  };
}
