import { describe, expect, it } from 'vitest';
import { describeItem, recoverableText, restoredEdit } from './recoverable-text.ts';

describe('recovering the text of a refused edit', () => {
  const item = {
    id: 'n1',
    resourceType: 'Note',
    partition: 'pat-1',
    meta: { versionId: '3', lastModified: '2026-01-01T00:00:00Z' },
    display: 'Session note',
    sections: [{ title: 'Plan', text: 'Weekly sessions, review in May.' }, { title: 'Risk', text: '' }],
    minutes: 50,
  };

  it('lists every text the user wrote, with where it was, and nothing of the bookkeeping', () => {
    expect(recoverableText(item)).toBe(
      ['display: Session note', 'sections[1].title: Plan', 'sections[1].text: Weekly sessions, review in May.', 'sections[2].title: Risk', 'minutes: 50'].join('\n'),
    );
  });

  it('restores the user\'s fields on the server\'s current version', () => {
    const current = { ...item, display: 'Changed elsewhere', meta: { versionId: '4', lastModified: '2026-01-02T00:00:00Z' } };
    expect(restoredEdit(current, item)).toEqual({ ...item, meta: current.meta });
    expect(restoredEdit(undefined, item)).toBe(item);
  });

  it('names the item by its display, else its type', () => {
    expect(describeItem(item)).toBe('Session note');
    expect(describeItem({ resourceType: 'Scribble', id: '0123456789', meta: { versionId: '1', lastModified: '' } })).toBe('Scribble 01234567');
  });
});
