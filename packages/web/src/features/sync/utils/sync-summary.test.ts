import { describe, expect, it } from 'vitest';
import type { FailedUpsert } from '../../../data/index.ts';
import { summariseSync } from './sync-summary.ts';

const failed = (n: number): FailedUpsert[] =>
  Array.from({ length: n }, (_, i) => ({
    hash: `h${i}`,
    collection: 'Notes',
    id: `n${i}`,
    operation: 'upsert' as const,
    item: { id: `n${i}`, resourceType: 'Note', meta: { versionId: '1', lastModified: '' } },
    lastAttempt: 0,
    status: 409,
  }));

describe('the sync state in the header', () => {
  it('says the worst news first: refused edits, then offline, then edits on their way', () => {
    expect(summariseSync({ known: true, online: true, pendingCount: 0, failed: [] })).toMatchObject({ status: 'synced', short: 'Saved' });
    expect(summariseSync({ known: true, online: true, pendingCount: 3, failed: [] })).toMatchObject({
      status: 'pending',
      sentence: 'Online. 3 edits waiting to be sent.',
    });
    expect(summariseSync({ known: true, online: false, pendingCount: 1, failed: [] })).toMatchObject({
      status: 'offline',
      short: 'Offline · 1 waiting',
    });
    expect(summariseSync({ known: true, online: false, pendingCount: 0, failed: [] }).sentence).toContain('sent when you are back online');
    expect(summariseSync({ known: true, online: false, pendingCount: 2, failed: failed(1) })).toMatchObject({
      status: 'failed',
      short: '1 not saved',
      sentence: '1 edit could not be saved. 2 edits waiting to be sent.',
    });
  });

  it('says "Checking…" until the queue has been read, never "Saved", online or offline', () => {
    for (const online of [true, false]) {
      const summary = summariseSync({ known: false, online, pendingCount: 0, failed: [] });
      expect(summary).toEqual({ status: 'checking', short: 'Checking…', sentence: 'Checking for edits waiting to be sent…' });
    }
  });
});
