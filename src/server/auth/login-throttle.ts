import type { Kysely } from 'kysely';
import { countFailureUnlessWaiting, deleteForgottenAttempts, deleteLoginAttempts, findBlockedUntil } from '../db/repositories/login-attempt-repository.js';
import type { Database } from '../db/schema.js';

// Failed logins are counted in the database, so every server process behind a load balancer sees
// the same counts (OWASP's authentication cheat sheet pattern):
// - per address, and per account from one address: after a few free failures each further one
//   doubles the wait (capped), and a try during the wait is refused (429);
// - per account from anywhere: logins are only slowed down (a short delay), never refused, so
//   failures from other addresses cannot lock the real user out;
// - a success forgives all three; a key quiet for `forgetAfterSeconds` starts again from nothing.
// An attempt is counted as a failure BEFORE its password is checked, in the same statement that
// checks the wait, so a burst of parallel guesses costs one attempt each and cannot all pass.

export type LoginThrottleSettings = {
  /** Failures an address may make, on any accounts, before each further one must wait. */
  addressFreeFailures: number;
  /** Failures one address may make on one account before each further one must wait. */
  accountAddressFreeFailures: number;
  /** Failures on one account, from anywhere, before its logins are slowed down. */
  accountFreeFailures: number;
  maxWaitSeconds: number;
  /** A key with no attempt for this long forgets its failures. */
  forgetAfterSeconds: number;
  /** The account's delay: this much after its free failures, doubling with each one, capped. */
  accountDelayStepMs: number;
  accountDelayMaxMs: number;
  /** At most this often, records forgotten and not waiting are deleted (bounds the table under e-mail spraying). */
  sweepEverySeconds: number;
  /** The clock; tests move it on instead of sleeping. */
  now: () => Date;
};

export const defaultLoginThrottleSettings: LoginThrottleSettings = {
  addressFreeFailures: 10,
  accountAddressFreeFailures: 5,
  accountFreeFailures: 5,
  maxWaitSeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
  accountDelayStepMs: 250,
  accountDelayMaxMs: 4000,
  sweepEverySeconds: 60,
  now: () => new Date(),
};

/** Seconds to wait after this many failures: none while they are free, then 2, 4, 8... up to the cap. */
export function waitAfterFailures(failures: number, free: number, maxWaitSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free + 1), maxWaitSeconds);
}

/** An attempt let through (after `delayMs`), or refused for `waitSeconds`. */
export type LoginAdmission = { waitSeconds: 0; delayMs: number } | { waitSeconds: number; delayMs: 0 };

export type LoginThrottle = {
  /** Counts the attempt as a failure now, unless its address must wait; checks nothing else. */
  admit: (address: string, email: string) => Promise<LoginAdmission>;
  /** A successful login: forgets the failures of its address, its account, and the pair. */
  forgive: (address: string, email: string) => Promise<void>;
};

const keysOf = (address: string, email: string) => ({
  address: `address:${address}`,
  accountAddress: `account+address:${email} from ${address}`,
  account: `account:${email}`,
});

export function createLoginThrottle(db: Kysely<Database>, overrides: Partial<LoginThrottleSettings> = {}): LoginThrottle {
  const settings = { ...defaultLoginThrottleSettings, ...overrides };

  /**
   * Counts one failure against the key unless it is waiting, and starts its wait when the `free`
   * failures are used up (never when `free` is null). Answers the failures counted, or null when
   * the key is waiting: the attempt is refused and not counted.
   */
  async function count(key: string, free: number | null): Promise<number | null> {
    const now = settings.now();
    const forgetBefore = new Date(now.getTime() - settings.forgetAfterSeconds * 1000);
    const firstWait = free === null ? 0 : waitAfterFailures(1, free, settings.maxWaitSeconds);
    const firstBlockedUntil = firstWait > 0 ? new Date(now.getTime() + firstWait * 1000) : null;
    return countFailureUnlessWaiting(db, { key, now, forgetBefore, free, maxWaitSeconds: settings.maxWaitSeconds, firstBlockedUntil });
  }

  async function secondsToWait(key: string): Promise<number> {
    const row = await findBlockedUntil(db, key);
    const until = row?.blocked_until?.getTime() ?? 0;
    // At least one second: the wait may have ended between the refusal and this read.
    return Math.max(1, Math.ceil((until - settings.now().getTime()) / 1000));
  }

  function accountDelayMs(earlierFailures: number): number {
    if (earlierFailures < settings.accountFreeFailures) return 0;
    return Math.min(settings.accountDelayStepMs * 2 ** (earlierFailures - settings.accountFreeFailures), settings.accountDelayMaxMs);
  }

  // Guesses spread over many e-mail addresses leave one record each; those quiet for longer than
  // the forgetting time count for nothing, so they are deleted now and then.
  let lastSweep = 0;
  async function sweepForgotten(): Promise<void> {
    const now = settings.now();
    if (now.getTime() - lastSweep < settings.sweepEverySeconds * 1000) return;
    lastSweep = now.getTime();
    const forgetBefore = new Date(now.getTime() - settings.forgetAfterSeconds * 1000);
    await deleteForgottenAttempts(db, forgetBefore, now);
  }

  return {
    async admit(address, email) {
      await sweepForgotten();
      const keys = keysOf(address, email);
      // The pair first, so the guesses it refuses do not use up the address's free failures.
      for (const [key, free] of [
        [keys.accountAddress, settings.accountAddressFreeFailures],
        [keys.address, settings.addressFreeFailures],
      ] as const) {
        if ((await count(key, free)) === null) return { waitSeconds: await secondsToWait(key), delayMs: 0 };
      }
      const accountFailures = (await count(keys.account, null)) ?? 1;
      return { waitSeconds: 0, delayMs: accountDelayMs(accountFailures - 1) };
    },
    async forgive(address, email) {
      const keys = keysOf(address, email);
      await deleteLoginAttempts(db, [keys.address, keys.accountAddress, keys.account]);
    },
  };
}
