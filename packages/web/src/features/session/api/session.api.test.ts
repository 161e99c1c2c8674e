import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../../../api/index.ts';
import { startSessionCheck, takeEarlySessionCheck } from '../../../platform/early-session.ts';
import { fetchSession } from './session.api.ts';

/** The network boundary: the browser's fetch, answering the session call. */
function serveSession(answers: (() => Promise<Response>)[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    calls.push(String(input));
    return answers[calls.length - 1]!();
  });
  return calls;
}

const whoami = { account: { id: 'a1', email: 'a@example.test', associateRole: null, permissions: null }, session: {}, profiles: [] };

afterEach(() => {
  takeEarlySessionCheck();
  vi.unstubAllGlobals();
});

describe('the session check the entry script starts early', () => {
  it('is read by the first fetchSession only; later checks ask the server again', async () => {
    const calls = serveSession([
      async () => new Response(JSON.stringify(whoami), { status: 200, headers: { 'content-type': 'application/json' } }),
      async () => new Response(null, { status: 204 }),
    ]);
    startSessionCheck();
    expect(calls).toEqual(['/api/v1/auth/session']);
    expect(await fetchSession()).toEqual(whoami);
    expect(calls).toHaveLength(1);
    expect(await fetchSession()).toBeUndefined();
    expect(calls).toHaveLength(2);
  });

  it('fails as any call does: no answer is a NetworkError, the session check is not left unhandled', async () => {
    serveSession([() => Promise.reject(new TypeError('Failed to fetch'))]);
    startSessionCheck();
    await expect(fetchSession()).rejects.toBeInstanceOf(NetworkError);
  });

  it('is taken once', () => {
    serveSession([async () => new Response(null, { status: 204 })]);
    startSessionCheck();
    expect(takeEarlySessionCheck()).toBeInstanceOf(Promise);
    expect(takeEarlySessionCheck()).toBeUndefined();
  });
});
