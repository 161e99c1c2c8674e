import { describe, expect, it } from 'vitest';
import { appearanceOf, newestOf, withAppearance, type PersonalPreferencesResource } from './personal-preferences.ts';

const owner = { resourceType: 'Practitioner', id: 'p1' };
const saved = (id: string, lastModified: string, extra: Partial<PersonalPreferencesResource> = {}): PersonalPreferencesResource => ({
  id,
  resourceType: 'PersonalPreferences',
  owner,
  meta: { versionId: '1', lastModified },
  ...extra,
});

describe('personal preferences', () => {
  it('reads the appearance, following the system when no scheme is stored', () => {
    expect(appearanceOf(saved('a', '2026-01-01T00:00:00Z', { colorScheme: 'dark', fontSize: 'Large' }))).toEqual({
      colorScheme: 'dark',
      fontSize: 'Large',
    });
    expect(appearanceOf(saved('a', '2026-01-01T00:00:00Z'))).toEqual({ colorScheme: 'system', fontSize: 'Normal' });
  });

  it('changes the existing resource, keeping its other fields, or makes one for the owner', () => {
    const existing = saved('a', '2026-01-01T00:00:00Z', { colorScheme: 'dark', fontSize: 'Large', dateFormat: 'dd/MM' });
    expect(withAppearance(existing, owner, { colorScheme: 'system', fontSize: 'Normal' })).toEqual({
      id: 'a',
      resourceType: 'PersonalPreferences',
      owner,
      meta: existing.meta,
      dateFormat: 'dd/MM',
      fontSize: 'Normal',
    });
    expect(withAppearance(undefined, owner, { colorScheme: 'light', fontSize: 'Large' })).toEqual({
      resourceType: 'PersonalPreferences',
      owner,
      colorScheme: 'light',
      fontSize: 'Large',
    });
  });

  it('picks the newest live one when there are several', () => {
    const older = saved('a', '2026-01-01T00:00:00Z');
    const newer = saved('b', '2026-02-01T00:00:00Z');
    const deleted = saved('c', '2026-03-01T00:00:00Z', { meta: { versionId: '2', lastModified: '2026-03-01T00:00:00Z', isDeleted: true } });
    expect(newestOf([older, newer, deleted])).toBe(newer);
    expect(newestOf([])).toBeUndefined();
  });
});
