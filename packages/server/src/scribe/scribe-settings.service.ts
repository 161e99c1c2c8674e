import { getResourceType, type ScribeSettings, type ScribeSettingsBody, type ScribeSettingsCheck } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import { scribeSettingsAudit } from '../audit/scribe-audit.ts';
import type { Database } from '../db/database.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { checkProvider } from './provider-check.ts';
import type { ScribeProviders } from './scribe-providers.ts';
import { practiceProviders, readScribeSettings, writeScribeSettings } from './scribe-settings-store.ts';

const PREFERENCES = getResourceType('PracticePreferences')!;

/** What the settings calls need of the server. */
export interface ScribeSettingsDeps {
  db: Database;
  audit: AuditWriter;
  providers: ScribeProviders;
}

/**
 * The practice's scribe providers (docs/scribe.md, "Per-practice providers"), for those who may
 * change the practice's preferences: each call checks Update on PracticePreferences first, and is
 * audited with the administrator as agent.
 */
function administrator(ctx: RepositoryContext): void {
  ctx.access.assertCan('Update', PREFERENCES);
}

/** Read: never a key, only whether one is set. */
export async function readSettings(deps: ScribeSettingsDeps, ctx: RepositoryContext): Promise<ScribeSettings> {
  administrator(ctx);
  const settings = await readScribeSettings(deps.db.pool, ctx.practiceId, deps.providers);
  await deps.audit.record(scribeSettingsAudit(ctx, 'R', 'Scribe provider settings read.'));
  return settings;
}

/** Change, then read back as a read would answer. */
export async function changeSettings(deps: ScribeSettingsDeps, ctx: RepositoryContext, body: ScribeSettingsBody): Promise<ScribeSettings> {
  administrator(ctx);
  await writeScribeSettings(deps.db, deps.audit, ctx.practiceId, deps.providers, body);
  const { transcription, generator } = body;
  const keyWords = (key: string | null | undefined) => (key === undefined ? '' : key === null ? ', key removed' : ', key set');
  await deps.audit.record(
    scribeSettingsAudit(
      ctx,
      'U',
      `Scribe providers changed: transcription ${transcription.provider}${keyWords(transcription.apiKey)}; ` +
        `generator ${generator.provider}${keyWords(generator.apiKey)}.`,
    ),
  );
  return readScribeSettings(deps.db.pool, ctx.practiceId, deps.providers);
}

/** Try one provider with the practice's settings. */
export async function tryProvider(
  deps: ScribeSettingsDeps,
  ctx: RepositoryContext,
  which: 'transcription' | 'generator',
): Promise<ScribeSettingsCheck> {
  administrator(ctx);
  const result = await checkProvider(await practiceProviders(deps.db.pool, ctx.practiceId, deps.providers), which);
  await deps.audit.record(scribeSettingsAudit(ctx, 'E', `Scribe ${which} provider tried: ${result.ok ? 'answered' : 'failed'}.`));
  return result;
}
