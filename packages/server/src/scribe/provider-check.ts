import { spawn } from 'node:child_process';
import type { ScribeSettingsCheck } from '@caseload/core';
import { LOCAL_ENGINE_PROGRAMS } from './local-speech-engine.ts';
import type { RemoteEndpoint, ScribeProviders } from './scribe-providers.ts';

const CHECK_TIMEOUT_MS = 10_000;

/** Whether a program runs here (`-version`/`-h` and exit, whatever the code). */
function runs(program: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(program, args, { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), CHECK_TIMEOUT_MS);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** An OpenAI-compatible server answers `GET /models` (with the key) when it is reachable and the key is good. */
async function endpointAnswers(endpoint: RemoteEndpoint): Promise<ScribeSettingsCheck> {
  try {
    const response = await fetch(`${endpoint.baseUrl}/models`, {
      headers: endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {},
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    if (response.status === 401 || response.status === 403) return { ok: false, message: 'The provider refused the API key.' };
    if (!response.ok) return { ok: false, message: `The provider answered ${response.status}.` };
    return { ok: true, message: `The provider at ${new URL(endpoint.baseUrl).host} answered.` };
  } catch {
    return { ok: false, message: 'The provider could not be reached.' };
  }
}

/**
 * The settings screen's "Test connection": the local engine's programs are installed, or the
 * remote endpoint answers with the practice's key. Says what it found; never a provider's body.
 */
export async function checkProvider(providers: ScribeProviders, which: 'transcription' | 'generator'): Promise<ScribeSettingsCheck> {
  if (which === 'generator') {
    if (!providers.chat) return { ok: true, message: 'The built-in generator needs no connection.' };
    return endpointAnswers(providers.chat);
  }
  if (!providers.transcription) return { ok: false, message: 'No transcription provider is configured.' };
  if (providers.transcription !== 'local') return endpointAnswers(providers.transcription);
  const installed = (await runs(LOCAL_ENGINE_PROGRAMS.ffmpeg, ['-version'])) && (await runs(LOCAL_ENGINE_PROGRAMS.recogniser, ['-h']));
  return installed
    ? { ok: true, message: 'The local speech engine is installed.' }
    : { ok: false, message: 'The local speech engine is not installed: apt-get install pocketsphinx pocketsphinx-en-us ffmpeg.' };
}
