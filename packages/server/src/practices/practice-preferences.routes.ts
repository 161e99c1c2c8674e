import { withPreferenceDefaults, type PracticePreferenceValues, type Resource } from '@caseload/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resourceScope } from '../http/resource-scope.ts';
import { EFFECTIVE_PREFERENCES_SCHEMA } from '../routes/practice.schemas.ts';

/** A practice has one preferences resource; more than this many copies would be a bug upstream. */
const MAX_COPIES = 100;

/**
 * `GET /api/v1/practices/{practiceId}/PracticePreferences/_effective`: the preferences in force,
 * the practice's stored PracticePreferences (its id and meta included, when there is one) over
 * every default of SPEC.md section 9. The same resource `loadPracticePreferences` applies: the
 * first created, then by id. Read through the repository, so it is authorised and audited like
 * any read of the collection (docs/validation.md).
 */
export async function practicePreferencesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/v1/practices/:practiceId/PracticePreferences/_effective', { schema: EFFECTIVE_PREFERENCES_SCHEMA }, async (request) => {
    const { type, repo } = await resourceScope(app, request, 'PracticePreferences');
    const page = await repo.search(type, { filters: [], pageSize: MAX_COPIES });
    const stored = firstCreated(page.items.filter((r) => !r.meta.isDeleted));
    return {
      resourceType: 'PracticePreferences',
      ...stored,
      ...withPreferenceDefaults(stored as Partial<PracticePreferenceValues> | undefined),
    };
  });
}

function firstCreated(items: Resource[]): Resource | undefined {
  const key = (r: Resource) => `${r.created ?? ''}\u0000${r.id}`;
  return [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))[0];
}
