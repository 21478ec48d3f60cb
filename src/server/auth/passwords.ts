import { hash, verify } from '@node-rs/argon2';

// Argon2id (the library's default algorithm) with 19 MiB and 2 passes, as DESIGN.md section 4 asks.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
