import { createInterface } from 'node:readline/promises';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { upsertStaffUser } from '../auth/staff-users.js';
import { readConfig } from '../config.js';
import { openConfiguredDatabase } from '../open-configured-database.js';
import { isEmailAddress } from '../../domain/email-address.js';

/** `npm run user:add -- EMAIL`: creates the staff user or resets its password. */
async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  const password = await prompt.question('Password: ');
  prompt.close();
  return password;
}

async function main() {
  const email = process.argv[2];
  if (!email || !isEmailAddress(email.trim())) throw new Error('Usage: npm run user:add -- EMAIL   (password from STAFF_PASSWORD or asked for)');
  const password = await readPassword();
  // Before the database opens: a refused password changes nothing.
  assertPasswordAllowed(password, { email });
  const database = await openConfiguredDatabase(readConfig());
  try {
    await upsertStaffUser(database.db, email, password);
    console.log(`Staff user ${email.trim().toLowerCase()} is ready.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
