import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane): about 20 ms a hash on this machine.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** The hash unknown names are checked against, made once (at start, so no first caller pays for it). */
export const prepareDummyHash = (): Promise<string> =>
  (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** Unknown users cost the same time as wrong passwords, so timing does not tell which names exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}

export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const newSecurityStamp = () => randomBytes(16).toString('hex');
/** Secrets we hand out (session cookies, reset links) are stored only as their SHA-256. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
