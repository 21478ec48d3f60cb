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

  it('accepts any long password that is not common, without composition rules', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('aaaaaaaaaaaaaaaaaaaaaaaa')).toBeNull();
    expect(passwordProblem('x'.repeat(1000))).toBeNull();
  });

  it('refuses a password longer than the login form accepts', () => {
    expect(passwordProblem('x'.repeat(1001))).toBe('The password must have at most 1000 characters.');
  });
});
