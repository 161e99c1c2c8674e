import type { Queryable } from '../db/database.ts';
import { ensureAccount, findAccountByEmail, setPasswordHash } from './account-store.ts';
import { assertPasswordPolicy, hashPassword } from './password.ts';

/**
 * The first start's internal administrator (associate role SysAdmin) from CASELOAD_ADMIN_EMAIL and
 * CASELOAD_ADMIN_PASSWORD. The password is set only when the account has none, so changing the
 * variables later never silently resets a password someone has since changed.
 */
export async function ensureBootstrapAdmin(db: Queryable, email: string, password: string): Promise<void> {
  assertPasswordPolicy(password, email);
  const existing = await findAccountByEmail(db, email);
  if (existing?.passwordHash) return;
  const account = existing ?? (await ensureAccount(db, email, { associateRole: 'SysAdmin' }));
  await db.query('UPDATE accounts SET associate_role = $2 WHERE id = $1 AND associate_role IS NULL', [account.id, 'SysAdmin']);
  await setPasswordHash(db, account.id, await hashPassword(password));
}
