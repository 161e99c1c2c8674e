import { badRequest, unavailable } from '@caseload/core';
import { openSecret, secretKeyFrom } from './secret-box.ts';

/** An OpenAI-compatible endpoint: its base URL (…/v1), the model to ask for, the API key if any. */
export interface RemoteEndpoint {
  baseUrl: string;
  model: string;
  apiKey?: string;
}

/** The scribe providers this server is configured with (docs/scribe.md, "Providers"). */
export interface ScribeProviders {
  /** An OpenAI-compatible endpoint, or `local`: the speech engine on this server (local-speech-engine.ts). */
  transcription?: RemoteEndpoint | 'local';
  chat?: RemoteEndpoint;
  /** The generator a draft uses when the call names none: `openai-chat` where the practice chose it. */
  defaultGenerator?: 'builtin' | 'openai-chat';
  /** Longest wait for one provider call. */
  timeoutMs: number;
  /** Seals and opens the practices' API keys kept in the KeyVault (CASELOAD_SECRET_KEY). */
  secretKey?: Buffer;
}

/** The scribe settings read from the environment. */
export function scribeProvidersFrom(env: NodeJS.ProcessEnv): ScribeProviders {
  const sealed = env.CASELOAD_SCRIBE_API_KEY || undefined;
  const secretKey = env.CASELOAD_SECRET_KEY ? secretKeyFrom(env.CASELOAD_SECRET_KEY) : undefined;
  // The key is kept sealed in the environment and opened only here, in memory.
  const apiKey = sealed ? openSecret(sealed, secretKey ?? secretKeyFrom('')) : undefined;
  const endpoint = (url: string | undefined, model: string): RemoteEndpoint | undefined =>
    url ? { baseUrl: url.replace(/\/+$/, ''), model, ...(apiKey && { apiKey }) } : undefined;
  return {
    transcription:
      env.CASELOAD_SCRIBE_TRANSCRIPTION === 'local'
        ? 'local'
        : endpoint(env.CASELOAD_SCRIBE_TRANSCRIPTION_URL, env.CASELOAD_SCRIBE_TRANSCRIPTION_MODEL || 'whisper-1'),
    chat: endpoint(env.CASELOAD_SCRIBE_CHAT_URL, env.CASELOAD_SCRIBE_CHAT_MODEL || 'gpt-4o-mini'),
    timeoutMs: Number(env.CASELOAD_SCRIBE_TIMEOUT_MS || 120000),
    ...(secretKey && { secretKey }),
  };
}

/** 400 with the message saying how to enable the provider. */
export const notConfigured = (message: string) => badRequest(message, [{ path: 'provider', message }]);

/** A provider failed or answered unusably: 503, saying why (never its body, which may hold PHI). */
export const providerFailed = (what: string, detail: string) => unavailable(`${what} failed: ${detail}`, 30);

/** A POST to an endpoint, with its key and the configured time limit; the answer's JSON or a providerFailed. */
export async function postToProvider(endpoint: RemoteEndpoint, path: string, body: FormData | string, timeoutMs: number, what: string) {
  let response: Response;
  try {
    response = await fetch(`${endpoint.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        ...(typeof body === 'string' && { 'content-type': 'application/json' }),
        ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw providerFailed(
      what,
      error instanceof Error && error.name === 'TimeoutError' ? 'the provider did not answer in time' : 'the provider could not be reached',
    );
  }
  if (!response.ok) throw providerFailed(what, `the provider answered ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw providerFailed(what, 'the provider did not answer JSON');
  }
}
