import { describe, expect, it } from 'vitest';
import { CallerCache, forgetAccountEverywhere, forgetSessionEverywhere, type LoadedCaller } from './caller-cache.ts';

let clock = 0;
const caller = (idHash: string, accountId = `acc-${idHash}`): LoadedCaller => ({
  session: {
    idHash,
    accountId,
    xsrfToken: 'x',
    idleTimeoutMinutes: 30,
    createdAt: new Date(0),
    lastSeenAt: new Date(0),
    address: null,
    userAgent: null,
  },
  account: { id: accountId, email: 'a@b.c', passwordHash: null, associateRole: null, disabled: false },
  memberships: [],
});

function cache(ttlMs = 1000, max = 3): CallerCache {
  const c = new CallerCache(ttlMs, max, () => clock);
  c.enabled = true;
  return c;
}

describe('CallerCache', () => {
  it('keeps a caller for its time to live, then reads again', () => {
    clock = 0;
    const c = cache();
    c.setIdentity(caller('s1'), c.generation);
    clock = 1000;
    expect(c.identity('s1')?.account.id).toBe('acc-s1');
    clock = 1001;
    expect(c.identity('s1')).toBeUndefined();
    c.close();
  });

  it('holds at most its bound, dropping the least recently used', () => {
    clock = 0;
    const c = cache(1000, 2);
    c.setIdentity(caller('s1'), c.generation);
    c.setIdentity(caller('s2'), c.generation);
    c.identity('s1');
    c.setIdentity(caller('s3'), c.generation);
    expect([c.identity('s1'), c.identity('s2'), c.identity('s3')].map((e) => e?.session.idHash)).toEqual(['s1', undefined, 's3']);
    c.close();
  });

  it('does not store what a lookup read before something was forgotten', () => {
    clock = 0;
    const c = cache();
    const generation = c.generation;
    c.forgetSession('other');
    c.setIdentity(caller('s1'), generation);
    expect(c.identity('s1')).toBeUndefined();
    c.close();
  });

  it("forgets an account's sessions, and a session, in every cache of the process", () => {
    clock = 0;
    const [a, b] = [cache(), cache()];
    a.setIdentity(caller('s1', 'acc'), a.generation);
    b.setIdentity(caller('s2', 'acc'), b.generation);
    b.setIdentity(caller('s3', 'other'), b.generation);
    forgetAccountEverywhere('acc');
    expect([a.identity('s1'), b.identity('s2'), b.identity('s3')].map((e) => e?.session.idHash)).toEqual([undefined, undefined, 's3']);
    forgetSessionEverywhere('s3');
    expect(b.identity('s3')).toBeUndefined();
    a.close();
    b.close();
  });

  it("remembers principals per session and forgets a practice's", () => {
    clock = 0;
    const c = cache();
    c.setIdentity(caller('s1'), c.generation);
    const memo = c.identity('s1')!.principals;
    memo.set('p1|', { n: 1 }, memo.generation);
    memo.set('p2|', { n: 2 }, memo.generation);
    c.forgetPractice('p1');
    expect([memo.get('p1|'), memo.get('p2|')]).toEqual([undefined, { n: 2 }]);
    c.close();
  });

  it('answers nothing while off (not listening for changes)', () => {
    clock = 0;
    const c = cache();
    c.setIdentity(caller('s1'), c.generation);
    c.enabled = false;
    expect(c.identity('s1')).toBeUndefined();
    c.close();
  });
});
