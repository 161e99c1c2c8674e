import { describe, expect, it } from 'vitest';
import { draftOf, isActive, isPracticeOrganization, listView, nameOf, type NamedResource } from './list-view.ts';

const item = (id: string, name: string, extra: Partial<NamedResource> = {}): NamedResource => ({
  resourceType: 'Program',
  id,
  name,
  meta: { versionId: 'v', lastModified: '2026-01-01T00:00:00Z' },
  ...extra,
});

describe('listView', () => {
  const items = [
    item('1', 'youth services'),
    item('2', 'Adult Outpatient'),
    item('3', 'Program 10'),
    item('4', 'Program 9'),
    item('5', 'Closed program', { active: false }),
    item('6', 'Deleted program', { meta: { versionId: 'v', lastModified: '', isDeleted: true } }),
  ];

  it('sorts by name, case-blind and numbers in number order, without inactive or deleted ones', () => {
    expect(listView(items, { search: '', showAll: false }).map((i) => i.id)).toEqual(['2', '4', '3', '1']);
  });

  it('shows deactivated items on request, never deleted ones', () => {
    const ids = listView(items, { search: '', showAll: true }).map((i) => i.id);
    expect(ids).toContain('5');
    expect(ids).not.toContain('6');
  });

  it('matches every word of the search in any case, also in the extra search text', () => {
    expect(listView(items, { search: 'PROG 9', showAll: false }).map((i) => i.id)).toEqual(['4']);
    const byCode = listView(items, { search: '90837', showAll: false, searchText: (i) => (i.id === '1' ? '90837' : '') });
    expect(byCode.map((i) => i.id)).toEqual(['1']);
    expect(listView(items, { search: 'nothing like it', showAll: true })).toEqual([]);
  });
});

describe('names and drafts', () => {
  it('names an item by name, display, then id; an item that never said is active', () => {
    expect(nameOf(item('1', ' '))).toBe('1');
    expect(nameOf({ ...item('1', ''), display: 'Shown' })).toBe('Shown');
    expect(isActive(item('1', 'x'))).toBe(true);
    expect(isActive(item('1', 'x', { active: false }))).toBe(false);
  });

  it('keeps unknown fields of the stored item, trims the name and makes it the display', () => {
    const stored = item('1', 'Old', { custom: 42 });
    expect(draftOf('Program', stored, { name: ' New ' })).toMatchObject({ id: '1', name: 'New', display: 'New', custom: 42 });
    expect(draftOf('Program', undefined, { name: 'Fresh' })).toEqual({
      resourceType: 'Program',
      active: true,
      name: 'Fresh',
      display: 'Fresh',
    });
  });
});

describe("the practice's own organizations", () => {
  it('are every organization but the insurers', () => {
    const org = (id: string, kind?: string) => ({ id, resourceType: 'Organization', name: id, ...(kind && { kind }) }) as NamedResource;
    expect(
      [org('clinic', 'Provider'), org('aetna', 'Payer'), org('lab', 'Other'), org('unsaid')]
        .filter(isPracticeOrganization)
        .map((o) => o.id),
    ).toEqual(['clinic', 'lab', 'unsaid']);
  });
});
