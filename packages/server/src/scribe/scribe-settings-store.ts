import { GLOBAL_PRACTICE, badRequest, getResourceType, type Resource, type ScribeSettings, type ScribeSettingsBody } from '@caseload/core';
import type { AuditWriter } from '../audit/audit-writer.ts';
import type { Database, Queryable } from '../db/database.ts';
import { SystemReader } from '../storage/system-reader.ts';
import { systemRepository } from '../storage/system-repository.ts';
import { WRITE_RULES } from '../write-rules.ts';
import { openSecret, sealSecret } from './secret-box.ts';
import type { RemoteEndpoint, ScribeProviders } from './scribe-providers.ts';

const KEY_VAULT = getResourceType('KeyVault')!;
const PURPOSE = 'scribe-providers';

type TranscriptionChoice = ScribeSettingsBody['transcription']['provider'];
type GeneratorChoice = ScribeSettingsBody['generator']['provider'];

/** One provider as kept in the KeyVault: the choice, its endpoint, the key sealed (never in the clear). */
interface StoredProvider<P extends string> {
  provider: P;
  baseUrl?: string;
  model?: string;
  sealedApiKey?: string;
}

/** The KeyVault row of a practice's scribe providers (global type, one row per practice). */
interface ScribeVault extends Resource {
  purpose: typeof PURPOSE;
  practice: string;
  transcription: StoredProvider<TranscriptionChoice>;
  generator: StoredProvider<GeneratorChoice>;
}

const DEFAULT_VAULT = {
  transcription: { provider: 'server' },
  generator: { provider: 'server' },
} as const satisfies Pick<ScribeVault, 'transcription' | 'generator'>;

export const SETTINGS_MESSAGES = {
  noSecretKey: 'This server cannot keep API keys: set CASELOAD_SECRET_KEY (docs/scribe.md, "Per-practice providers").',
  baseUrlNeeded: 'An OpenAI-compatible provider needs its base URL (ending /v1).',
  badBaseUrl: 'The base URL must be an http or https URL.',
} as const;

async function readVault(db: Queryable, practiceId: string): Promise<ScribeVault | undefined> {
  const rows = await new SystemReader(db, practiceId).list<ScribeVault>(KEY_VAULT, {
    filters: [
      { field: 'purpose', op: 'eq', value: PURPOSE },
      { field: 'practice', op: 'eq', value: practiceId },
    ],
  });
  return rows[0];
}

/** What an administrator sees: the choices and endpoints, and only whether each key is set. */
export async function readScribeSettings(db: Queryable, practiceId: string, server: ScribeProviders): Promise<ScribeSettings> {
  const vault = (await readVault(db, practiceId)) ?? DEFAULT_VAULT;
  const shown = <P extends string>({ sealedApiKey, ...rest }: StoredProvider<P>) => ({
    ...rest,
    apiKey: sealedApiKey ? ('set' as const) : ('not set' as const),
  });
  return {
    transcription: shown(vault.transcription),
    generator: shown(vault.generator),
    server: {
      transcription: server.transcription === 'local' ? 'local' : server.transcription ? 'openai-compatible' : 'none',
      chat: server.chat !== undefined,
      canKeepKeys: server.secretKey !== undefined,
    },
  };
}

function checkedEndpoint(given: { provider: string; baseUrl?: string }, remote: boolean): void {
  if (!remote) return;
  const message = !given.baseUrl
    ? SETTINGS_MESSAGES.baseUrlNeeded
    : !/^https?:\/\/[^\s]+$/.test(given.baseUrl)
      ? SETTINGS_MESSAGES.badBaseUrl
      : '';
  if (message) throw badRequest(message, [{ path: 'baseUrl', message }]);
}

/**
 * Keeps the practice's choices in its KeyVault row, written as the system (no practice role may
 * write a KeyVault); a new key is sealed with the server's secret key before it is stored, an
 * absent one keeps the key set, `null` removes it. The caller's audit record is the route's.
 */
export async function writeScribeSettings(
  db: Database,
  audit: AuditWriter,
  practiceId: string,
  server: ScribeProviders,
  body: ScribeSettingsBody,
): Promise<void> {
  checkedEndpoint(body.transcription, body.transcription.provider === 'openai-compatible');
  checkedEndpoint(body.generator, body.generator.provider === 'openai-chat');
  const stored = await readVault(db.pool, practiceId);
  const keep = <P extends string>(given: ScribeSettingsBody['transcription' | 'generator'], before?: StoredProvider<string>) => {
    const { apiKey, ...rest } = given;
    let sealedApiKey = before?.sealedApiKey;
    if (apiKey === null) sealedApiKey = undefined;
    else if (apiKey !== undefined) {
      if (!server.secretKey) throw badRequest(SETTINGS_MESSAGES.noSecretKey, [{ path: 'apiKey', message: SETTINGS_MESSAGES.noSecretKey }]);
      sealedApiKey = sealSecret(apiKey, server.secretKey);
    }
    return { ...rest, baseUrl: rest.baseUrl?.replace(/\/+$/, ''), ...(sealedApiKey && { sealedApiKey }) } as StoredProvider<P>;
  };
  const fields = {
    purpose: PURPOSE,
    practice: practiceId,
    transcription: keep<TranscriptionChoice>(body.transcription, stored?.transcription),
    generator: keep<GeneratorChoice>(body.generator, stored?.generator),
  };
  // The KeyVault is global: its rows are written in the global collection, one per practice.
  const repo = systemRepository(db, audit, GLOBAL_PRACTICE, WRITE_RULES);
  if (stored) await repo.update(KEY_VAULT, stored.id, { ...stored, ...fields }, stored.meta.versionId);
  // Two first saves at once must not make two rows: the second finds the first (and is kept by the next save).
  else
    await repo.create(KEY_VAULT, { resourceType: 'KeyVault', ...fields }, [
      { field: 'purpose', op: 'eq', value: PURPOSE },
      { field: 'practice', op: 'eq', value: practiceId },
    ]);
}

/**
 * The providers in force for a practice: its KeyVault choices over the server's own (`server`
 * keeps the server's). Keys are opened here, in memory, for the call that needs them.
 */
export async function practiceProviders(db: Queryable, practiceId: string, server: ScribeProviders): Promise<ScribeProviders> {
  const vault = await readVault(db, practiceId);
  if (!vault) return server;
  const endpoint = (stored: StoredProvider<string>, fallbackModel: string): RemoteEndpoint => {
    const apiKey = stored.sealedApiKey && server.secretKey ? openSecret(stored.sealedApiKey, server.secretKey) : undefined;
    return { baseUrl: stored.baseUrl ?? '', model: stored.model ?? fallbackModel, ...(apiKey && { apiKey }) };
  };
  const t = vault.transcription;
  const g = vault.generator;
  return {
    ...server,
    transcription:
      t.provider === 'server'
        ? server.transcription
        : t.provider === 'none'
          ? undefined
          : t.provider === 'local'
            ? 'local'
            : endpoint(t, 'whisper-1'),
    chat: g.provider === 'server' ? server.chat : g.provider === 'builtin' ? undefined : endpoint(g, 'gpt-4o-mini'),
    defaultGenerator: g.provider === 'openai-chat' ? 'openai-chat' : g.provider === 'builtin' ? 'builtin' : server.defaultGenerator,
  };
}
