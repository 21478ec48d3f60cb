import { describe, expect, it } from 'vitest';
import { commonPasswordCount, passwordProblem } from '../../src/server/auth/password-policy.js';

describe('password policy (ASVS 5.0: length and a common-password list, no composition rules)', () => {
  it('refuses fewer than 12 characters, saying so', () => {
    expect(passwordProblem('a')).toBe('The password must have at least 12 characters (it has 1).');
    expect(passwordProblem('12345678')).toMatch(/at least 12 characters/);
    // Characters, not UTF-16 units: four emoji are four characters.
    expect(passwordProblem('🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑🔑')).toMatch(/it has 11/);
  });

  it('refuses the most common passwords, in any case', () => {
    for (const password of ['qwerty123456', 'QWERTY123456', '1qaz2wsx3edc', 'motherfucker']) {
      expect(passwordProblem(password)).toBe('The password is one of the 10,000 most common passwords; choose another.');
    }
  });

  it('ships a list of the 10,000 most common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThan(9_900);
  });

  it('accepts a long password that is hard to guess, without composition rules', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('a much better passphrase')).toBeNull();
    expect(passwordProblem('k7Rmq-2WxhP-9tBnd-Hq3Zs')).toBeNull();
  });

  // Issue 30 item 5: each was accepted, and worked, before the strength estimate.
  it.each(['aaaaaaaaaaaa', '123456789012', 'qwertyuiopas', 'Password1234', 'passwordpassword', 'x'.repeat(20)])(
    'refuses %s as too easy to guess, saying how strong it is',
    (password) => {
      expect(passwordProblem(password)).toMatch(/^The password is too easy to guess \(strength [0-2] of 4, 3 needed\)/);
    },
  );

  it('refuses only spaces and invisible characters, comparing as NFKC', () => {
    expect(passwordProblem(' '.repeat(12))).toBe('The password cannot be only spaces.');
    for (const invisible of ['\0', '\u200b', '\u202e', '\u2028']) {
      expect(passwordProblem(`correct horse${invisible} battery staple`)).toMatch(/cannot hold invisible or control characters/);
    }
    // Full-width letters are the same password as NFKC reads them: the current one, refused.
    expect(passwordProblem('ｃｏｒｒｅｃｔ horse battery staple', { current: 'correct horse battery staple' })).toBe(
      'The new password must differ from your current one.',
    );
  });

  it('refuses the account’s own e-mail address and the current password', () => {
    expect(passwordProblem('anna.berg@example.com', { email: 'Anna.Berg@example.com' })).toBe('The password cannot be your e-mail address.');
    expect(passwordProblem('correct horse battery staple', { current: 'correct horse battery staple' })).toBe(
      'The new password must differ from your current one.',
    );
  });

  it('refuses a password longer than the login form accepts', () => {
    expect(passwordProblem('x'.repeat(1001))).toBe('The password must have at most 1000 characters.');
  });
});
