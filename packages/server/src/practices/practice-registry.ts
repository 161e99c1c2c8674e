import { badRequest, notFound } from '@caseload/core';
import type { Database } from '../db/database.ts';
import { deletePracticeResources } from '../storage/practice-rows.ts';

const NAME = /^[a-z0-9][a-z0-9-]{1,62}$/;
const CACHE_MS = 5_000;

/**
 * Which practice networks have storage. Provisioning registers a network; removing it deletes
 * every resource, version and key it owns. Lookups are cached briefly because every request makes
 * one; a removed practice may answer for up to five seconds on other servers.
 */
export class PracticeRegistry {
  private readonly known = new Map<string, number>();
  private readonly provisionHooks: ((practiceId: string) => Promise<void>)[] = [];

  constructor(private readonly db: Database) {}

  /** Work every newly provisioned practice needs (built-in questionnaires); run on each provision, so it must be idempotent. */
  onProvision(hook: (practiceId: string) => Promise<void>): void {
    this.provisionHooks.push(hook);
  }

  static validateName(name: string): void {
    if (!NAME.test(name)) {
      throw badRequest('A practice network name is 2 to 63 lower-case letters, digits or dashes, starting with a letter or digit.');
    }
  }

  async provision(name: string): Promise<void> {
    PracticeRegistry.validateName(name);
    await this.db.pool.query('INSERT INTO practices (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [name]);
    this.known.set(name, Date.now());
    for (const hook of this.provisionHooks) await hook(name);
  }

  async remove(name: string): Promise<void> {
    PracticeRegistry.validateName(name);
    try {
      // All of a practice's data in one transaction: long work, under its own time limit.
      await this.db.forLongWork().transaction(async (tx) => {
        const found = await tx.query('DELETE FROM practices WHERE id = $1', [name]);
        if (found.rowCount === 0) throw notFound();
        // The audit trail outlives the practice's data (storage/practice-rows.ts).
        await deletePracticeResources(tx, name);
        await tx.query('DELETE FROM idempotency_keys WHERE practice_id = $1', [name]);
      });
    } finally {
      this.known.delete(name);
    }
  }

  /** Every provisioned practice network, oldest first (what an associate who views them all may open). */
  async list(): Promise<string[]> {
    const r = await this.db.pool.query<{ id: string }>('SELECT id FROM practices ORDER BY created_at, id');
    return r.rows.map((row) => row.id);
  }

  /** Throws 404 unless the practice network has been provisioned. */
  async assertExists(name: string): Promise<void> {
    const seen = this.known.get(name);
    if (seen !== undefined && Date.now() - seen < CACHE_MS) return;
    const found = await this.db.pool.query('SELECT 1 FROM practices WHERE id = $1', [name]);
    if (found.rowCount === 0) {
      this.known.delete(name);
      throw notFound();
    }
    this.known.set(name, Date.now());
  }
}
