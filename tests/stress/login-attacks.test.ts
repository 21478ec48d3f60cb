import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginThrottleSettings, waitAfterFailures } from '../../src/server/auth/login-throttle.js';
import { recordFigures } from '../helpers/report-figures.js';
import { createEngineTestApp, stressEngines, type StressEngine } from '../helpers/stress-databases.js';
import { TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, type TestApp } from '../helpers/test-app.js';

// The attacks of issue 19 against a listening server with the real throttle settings (no test
// clock): a burst of parallel guesses from one address, and failures from many addresses meant
// to lock the real user out. The server trusts loopback as its proxy (TRUST_PROXY), so each
// request's X-Forwarded-For is the client address it is counted under. Under 20 s.

const BURST = 200;
const ATTACKERS = 10;
const GUESSES_EACH = 5;
const { accountAddressFreeFailures, accountDelayMaxMs, maxWaitSeconds } = defaultLoginThrottleSettings;

/** Passwords one address may have checked on one account in this long: the free ones, then one per lapsed wait (2 s, 4 s...). */
function checksAllowedWithin(ms: number): number {
  const waitAfter = (failures: number) => waitAfterFailures(failures, accountAddressFreeFailures, maxWaitSeconds);
  let allowed = accountAddressFreeFailures;
  for (let nextAt = waitAfter(allowed); nextAt <= ms / 1000; nextAt += waitAfter(allowed)) allowed += 1;
  return allowed;
}

for (const engine of stressEngines()) describeLoginAttacks(engine);

function describeLoginAttacks(engine: StressEngine) {
  describe(`login attacks on ${engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'}`, () => {
    let t: TestApp;
    let baseUrl: string;
    const figures: Record<string, unknown> = {};

    beforeAll(async () => {
      t = await createEngineTestApp(engine, { trustProxy: ['127.0.0.1'] });
      baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      recordFigures('login-attacks', figures, engine);
      await t?.close();
    });

    const login = async (email_address: string, password: string, client: string) => {
      const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify({ email_address, password }),
      });
      await response.arrayBuffer();
      return response.status;
    };
    const tally = (statuses: number[]) =>
      Object.fromEntries([...new Set(statuses)].sort().map((status) => [status, statuses.filter((each) => each === status).length]));

    it(
      `checks at most ${accountAddressFreeFailures} of ${BURST} parallel guesses from one ` +
        `address (plus one per lapsed wait), and refuses the right password inside the burst`,
      async () => {
        const started = performance.now();
        const passwords = Array.from({ length: BURST }, (_, index) => (index === BURST / 2 ? TEST_STAFF_PASSWORD : `parallel guess ${index}`));
        const statuses = await Promise.all(passwords.map((password) => login(TEST_STAFF_EMAIL, password, '203.0.113.50')));
        figures.burstRequests = BURST;
        figures.burstPasswordsChecked = statuses.filter((status) => status !== 429).length;
        figures.burstStatuses = tally(statuses);
        figures.burstRightPasswordStatus = statuses[BURST / 2];
        figures.burstMs = Math.round(performance.now() - started);
        // A burst on a busy machine can outlast the first waits; each lapsed wait lets one more through.
        figures.burstChecksAllowed = checksAllowedWithin(figures.burstMs as number);
        expect(figures.burstPasswordsChecked).toBeLessThanOrEqual(figures.burstChecksAllowed as number);
        expect(statuses[BURST / 2]).toBe(429);
      },
    );

    it(`lets the real user in from a clean address after ${ATTACKERS} addresses fail ${GUESSES_EACH} times each on the account`, async () => {
      const started = performance.now();
      const attackers = Array.from({ length: ATTACKERS }, (_, index) => `198.51.100.${index + 1}`);
      const failures = await Promise.all(
        attackers.flatMap((client) => Array.from({ length: GUESSES_EACH }, (_, index) => login(TEST_STAFF_EMAIL, `spread guess ${index}`, client))),
      );
      const attackMs = Math.round(performance.now() - started);
      const userStarted = performance.now();
      const user = await login(TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD, '192.0.2.10');
      figures.spreadFailures = failures.length;
      figures.spreadStatuses = tally(failures);
      figures.spreadAttackMs = attackMs;
      figures.realUserStatus = user;
      figures.realUserLoginMs = Math.round(performance.now() - userStarted);
      expect(failures.every((status) => status === 401)).toBe(true);
      expect(user).toBe(200);
      // Slowed down by the account's capped delay, with room for a busy machine.
      expect(figures.realUserLoginMs).toBeLessThan(accountDelayMaxMs + 5000);
    });
  });
}
