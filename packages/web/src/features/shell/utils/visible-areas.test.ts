import { describe, expect, it } from 'vitest';
import { AREAS } from './areas.ts';
import { knownPermissions, visibleAreas } from './visible-areas.ts';

const ids = (roles: string[]) => visibleAreas(AREAS, knownPermissions(roles)).map((a) => a.id);

describe('which feature areas the navigation offers', () => {
  it('offers a practitioner the clinical areas but not administration or document import', () => {
    const shown = ids(['Practitioner']);
    expect(shown).toEqual(expect.arrayContaining(['dashboard', 'patients', 'notes', 'schedule']));
    expect(shown).not.toContain('administration');
    expect(shown).not.toContain('document-import');
  });

  it('offers an administrator administration and document import', () => {
    expect(ids(['Administrative'])).toEqual(expect.arrayContaining(['dashboard', 'administration', 'document-import']));
  });

  it('offers a patient only what the portal reaches', () => {
    const shown = ids(['Patient']);
    expect(shown).toEqual(expect.arrayContaining(['dashboard', 'schedule', 'messages', 'forms']));
    expect(shown).not.toContain('notes');
    expect(shown).not.toContain('administration');
  });

  it('unions several roles, and shows everything when a role is the practice\'s own', () => {
    expect(ids(['Patient', 'Administrative'])).toEqual(expect.arrayContaining(['forms', 'administration']));
    expect(ids(['Practitioner', 'Our own custom role'])).toHaveLength(AREAS.length);
    expect(ids([])).toHaveLength(AREAS.length);
  });
});
