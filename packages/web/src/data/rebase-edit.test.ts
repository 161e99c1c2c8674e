import type { Resource } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { rebaseEdit } from './rebase-edit.ts';

const note = (fields: Record<string, unknown>, version = 'v1') =>
  ({ id: 'n1', resourceType: 'Note', partition: 'p1', meta: { versionId: version, lastModified: 'x' }, ...fields }) as Resource;

const sections = (data: string, plan: string, answers: Record<string, unknown> = {}) => [
  { key: 'data', kind: 'Narrative', narrative: data },
  { key: 'plan', kind: 'Narrative', narrative: plan },
  { key: 'goals', kind: 'Form', answers },
];

describe('rebaseEdit (base = what the editor loaded, mine = the screen, theirs = the newer copy)', () => {
  it('keeps both edits when two people changed different fields', () => {
    const base = note({ sections: sections('', ''), encounterDate: '2026-03-02T14:00:00Z' });
    const mine = note({ sections: sections('<p>Mine</p>', ''), encounterDate: '2026-03-02T14:00:00Z' });
    const theirs = note({ sections: sections('', '<p>Theirs</p>'), encounterDate: '2026-03-02T15:00:00Z' }, 'v2');
    const out = rebaseEdit(base, mine, theirs);
    expect(out).toEqual({
      ok: true,
      item: note({ sections: sections('<p>Mine</p>', '<p>Theirs</p>'), encounterDate: '2026-03-02T15:00:00Z' }, 'v2'),
    });
  });

  it('keeps two different answers of one form section', () => {
    const base = note({ sections: sections('', '', { risk: 'low' }) });
    const mine = note({ sections: sections('', '', { risk: 'low', mood: 'calm' }) });
    const theirs = note({ sections: sections('', '', { risk: 'moderate' }) }, 'v2');
    const out = rebaseEdit(base, mine, theirs);
    expect(out.ok && out.item.sections).toEqual(sections('', '', { risk: 'moderate', mood: 'calm' }));
  });

  it('names the field both changed differently, and applies nothing', () => {
    const base = note({ sections: sections('<p>a</p>', '') });
    const mine = note({ sections: sections('<p>mine</p>', '<p>plan</p>') });
    const theirs = note({ sections: sections('<p>theirs</p>', '') }, 'v2');
    expect(rebaseEdit(base, mine, theirs)).toEqual({ ok: false, conflicts: ['/sections/0/narrative'] });
  });

  it('is no conflict when both made the same change', () => {
    const base = note({ completion: 'NotStarted' });
    const out = rebaseEdit(base, note({ completion: 'InProgress' }), note({ completion: 'InProgress', title: 'T' }, 'v2'));
    expect(out).toEqual({ ok: true, item: note({ completion: 'InProgress', title: 'T' }, 'v2') });
  });

  it('treats a change to a list element the other side changed or moved as a conflict', () => {
    const base = note({ services: [{ code: 'a', minutes: 30 }] });
    const mine = note({ services: [{ code: 'a', minutes: 45 }] });
    const theirs = note(
      {
        services: [
          { code: 'b', minutes: 20 },
          { code: 'a', minutes: 30 },
        ],
      },
      'v2',
    );
    expect(rebaseEdit(base, mine, theirs).ok).toBe(false);
    // A removal shifts every later index: the whole list is claimed.
    const removed = rebaseEdit(note({ tags: ['a', 'b', 'c'] }), note({ tags: ['a', 'b', 'C'] }), note({ tags: ['b', 'c'] }, 'v2'));
    expect(!removed.ok && removed.conflicts).toContain('/tags');
  });

  it('lets one side append to a list while the other changes an element already there', () => {
    const base = note({ services: [{ code: 'a', minutes: 30 }] });
    const mine = note({
      services: [
        { code: 'a', minutes: 30 },
        { code: 'b', minutes: 20 },
      ],
    });
    const theirs = note({ services: [{ code: 'a', minutes: 30, units: 2 }] }, 'v2');
    const out = rebaseEdit(base, mine, theirs);
    expect(out.ok && out.item.services).toEqual([
      { code: 'a', minutes: 30, units: 2 },
      { code: 'b', minutes: 20 },
    ]);
  });

  it('answers the newer copy itself when nothing was edited', () => {
    const theirs = note({ title: 'new' }, 'v2');
    expect(rebaseEdit(note({ title: 'old' }), note({ title: 'old' }), theirs)).toEqual({ ok: true, item: theirs });
  });

  it('never moves identity or version fields from the edited copy', () => {
    const mine = { ...note({ title: 'mine' }), meta: { versionId: '', lastModified: 'local' } } as Resource;
    const out = rebaseEdit(note({ title: 'old' }), mine, note({ title: 'old' }, 'v7'));
    expect(out.ok && out.item.meta.versionId).toBe('v7');
  });
});
