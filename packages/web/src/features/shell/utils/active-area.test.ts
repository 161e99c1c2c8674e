import { describe, expect, it } from 'vitest';
import { activeArea } from './active-area.ts';

const areas = [{ path: '/' }, { path: '/notes' }, { path: '/notes-archive' }, { path: '/patients' }];

describe('the active navigation entry', () => {
  it('matches whole path segments, and the dashboard only at the root', () => {
    expect(activeArea(areas, '/')?.path).toBe('/');
    expect(activeArea(areas, '/notes')?.path).toBe('/notes');
    expect(activeArea(areas, '/notes/123/edit')?.path).toBe('/notes');
    expect(activeArea(areas, '/notes-archive')?.path).toBe('/notes-archive');
    expect(activeArea(areas, '/account')).toBeUndefined();
  });
});
