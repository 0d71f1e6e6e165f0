/** argon2id with the OWASP minimum: m = 19 MiB, t = 2, p = 1. */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is a const enum, which isolated modules can't read at run time: Argon2id is 2.
const ARGON2ID = 2 as Algorithm.Argon2id;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown emails can't be told apart by timing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummy, password);
}

/** The rule for new passwords: long enough, and not trivially guessable. */
export const PASSWORD_RULES = 'At least 8 characters, with a letter and a digit.';
export function passwordProblem(password: string): string | undefined {
  if (password.length < 8) return 'The password must be at least 8 characters.';
  if (password.length > 256) return 'The password must be at most 256 characters.';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return 'The password must contain a letter and a digit.';
  return undefined;
}
