import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resourceScope } from '../http/resource-scope.ts';
import type { ScribeProviders } from './scribe-providers.ts';
import { changeSettings, readSettings, tryProvider } from './scribe-settings.service.ts';
import { SCRIBE_SETTINGS_SCHEMAS as schemas } from './scribe-settings.schemas.ts';

const BASE = '/api/v1/practices/:practiceId/scribe/settings';

/**
 * The practice's scribe providers (docs/scribe.md, "Per-practice providers"): read (never a key,
 * only whether one is set), change, and try; the service checks and audits each.
 */
export async function scribeSettingsRoutes(instance: FastifyInstance, options: { providers: ScribeProviders }): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const deps = { db: app.db, audit: app.audit, providers: options.providers };
  const context = async (request: FastifyRequest & { params: { practiceId: string } }) =>
    (await resourceScope(app, request, 'PracticePreferences')).ctx;

  app.get(BASE, { schema: schemas.read }, async (request) => readSettings(deps, await context(request)));
  app.put(BASE, { schema: schemas.write }, async (request) => changeSettings(deps, await context(request), request.body));
  app.post(`${BASE}/check`, { schema: schemas.check }, async (request) => tryProvider(deps, await context(request), request.body.which));
}
