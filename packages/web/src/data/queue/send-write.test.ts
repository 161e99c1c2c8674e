import { generatePatch, type Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { planUpsert } from './send-write.ts';

const saved = {
  id: 'n1',
  resourceType: 'Note',
  partition: 'p1',
  meta: { versionId: 'v3', lastModified: 'x' },
  text: 'a',
  tags: [],
} as unknown as Resource;

describe('planUpsert (SPEC.md section 7: PATCH when the original is known, else PUT)', () => {
  it('patches the difference from the known server copy at its version', () => {
    expect(planUpsert({ original: saved, item: { ...saved, text: 'b' } }, generatePatch)).toEqual({
      kind: 'patch',
      versionId: 'v3',
      operations: [{ op: 'replace', path: '/text', value: 'b' }],
    });
  });

  it('drops what the writable contract does not carry (section 5): meta, partition, empty-array adds', () => {
    const edited = { ...saved, meta: { versionId: 'v3', lastModified: 'later' }, partition: 'p2', notes: [] } as Resource;
    expect(planUpsert({ original: saved, item: edited }, generatePatch)).toEqual({ kind: 'nothing' });
  });

  it('puts a new item whole, without meta or version, so the server creates it under its id', () => {
    const draft = { id: 'c1', resourceType: 'Note', meta: { versionId: '', lastModified: 'x' }, text: 'new' } as Resource;
    expect(planUpsert({ item: draft }, generatePatch)).toEqual({
      kind: 'put',
      versionId: undefined,
      body: { id: 'c1', resourceType: 'Note', text: 'new' },
    });
  });

  it('puts a known item whole at its version when the original copy is not known', () => {
    expect(planUpsert({ item: { ...saved, text: 'b' } }, generatePatch)).toMatchObject({ kind: 'put', versionId: 'v3' });
  });

  it('puts rather than patches when the original is of another id', () => {
    expect(planUpsert({ original: { ...saved, id: 'other' }, item: saved }, generatePatch)).toMatchObject({ kind: 'put' });
  });
});
