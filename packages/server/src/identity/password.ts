import { hash, verify } from '@node-rs/argon2';
import { badRequest } from '@caseload/core';

/**
 * argon2id with 64 MiB and two passes, well above OWASP's minimum of 19 MiB and two passes, and
 * still quick enough for a sign-in on a 2-core server (bench/sign-in.ts measures it;
 * docs/performance.md).
 */
// `algorithm: 2` is Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 65_536, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_POLICY =
  'A password needs at least 12 characters and may not be only letters or only digits, nor contain your e-mail name.';

/** The policy: long rather than complex (NIST SP 800-63B), and not trivially guessable. */
export function assertPasswordPolicy(password: unknown, email?: string): asserts password is string {
  const ok =
    typeof password === 'string' &&
    password.length >= 12 &&
    password.length <= 256 &&
    !/^[A-Za-z]+$/.test(password) &&
    !/^\d+$/.test(password) &&
    !(email && email.split('@')[0]!.length >= 3 && password.toLowerCase().includes(email.split('@')[0]!.toLowerCase()));
  if (!ok) throw badRequest(PASSWORD_POLICY, [{ path: 'password', message: PASSWORD_POLICY }]);
}

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

/** A hash to verify against when the account does not exist, so timing does not reveal which e-mails exist. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('caseload-dummy-password-for-timing');
  return dummy;
}
