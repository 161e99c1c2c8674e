import type { Area } from './areas.ts';

/** The area a path belongs to: `/` only for the dashboard, else the longest matching prefix. */
export function activeArea<A extends Pick<Area, 'path'>>(areas: readonly A[], pathname: string): A | undefined {
  return areas
    .filter((a) => (a.path === '/' ? pathname === '/' : pathname === a.path || pathname.startsWith(`${a.path}/`)))
    .sort((x, y) => y.path.length - x.path.length)[0];
}
