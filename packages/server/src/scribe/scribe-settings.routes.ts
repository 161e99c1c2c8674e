import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scribeSettingsAudit } from '../audit/scribe-audit.ts';
import { resourceScope } from '../http/resource-scope.ts';
import { checkProvider } from './provider-check.ts';
import type { ScribeProviders } from './scribe-providers.ts';
import { practiceProviders, readScribeSettings, writeScribeSettings } from './scribe-settings-store.ts';
import { SCRIBE_SETTINGS_SCHEMAS as schemas } from './scribe-settings.schemas.ts';

const BASE = '/api/v1/practices/:practiceId/scribe/settings';

/**
 * The practice's scribe providers (docs/scribe.md, "Per-practice providers"), for those who may
 * change the practice's preferences (grant set "Manage practice preferences"): read (never a key,
 * only whether one is set), change, and try. Each is audited with the administrator as agent.
 */
export async function scribeSettingsRoutes(instance: FastifyInstance, options: { providers: ScribeProviders }): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const administrator = async (request: FastifyRequest & { params: { practiceId: string } }) => {
    const scope = await resourceScope(app, request, 'PracticePreferences');
    scope.ctx.access.assertCan('Update', scope.type);
    return scope.ctx;
  };

  app.get(BASE, { schema: schemas.read }, async (request) => {
    const ctx = await administrator(request);
    const settings = await readScribeSettings(app.db.pool, ctx.practiceId, options.providers);
    await app.audit.record(scribeSettingsAudit(ctx, 'R', 'Scribe provider settings read.'));
    return settings;
  });

  app.put(BASE, { schema: schemas.write }, async (request) => {
    const ctx = await administrator(request);
    await writeScribeSettings(app.db, app.audit, ctx.practiceId, options.providers, request.body);
    const { transcription, generator } = request.body;
    const keyWords = (key: string | null | undefined) => (key === undefined ? '' : key === null ? ', key removed' : ', key set');
    await app.audit.record(
      scribeSettingsAudit(
        ctx,
        'U',
        `Scribe providers changed: transcription ${transcription.provider}${keyWords(transcription.apiKey)}; ` +
          `generator ${generator.provider}${keyWords(generator.apiKey)}.`,
      ),
    );
    return readScribeSettings(app.db.pool, ctx.practiceId, options.providers);
  });

  app.post(`${BASE}/check`, { schema: schemas.check }, async (request) => {
    const ctx = await administrator(request);
    const providers = await practiceProviders(app.db.pool, ctx.practiceId, options.providers);
    const result = await checkProvider(providers, request.body.which);
    await app.audit.record(
      scribeSettingsAudit(ctx, 'E', `Scribe ${request.body.which} provider tried: ${result.ok ? 'answered' : 'failed'}.`),
    );
    return result;
  });
}
