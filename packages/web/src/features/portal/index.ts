/**
 * The patient portal (docs/portal.md): the shell and screens a patient's or a related person's
 * login sees instead of the staff app, and the list of its sections that later features add to.
 */
export { PortalShell } from './components/PortalShell.tsx';
export { PortalHome } from './components/PortalHome.tsx';
export { PortalProvider, type PortalProviderProps } from './store/PortalProvider.tsx';
export type { PortalContextValue, PortalPerson } from './store/portal-context.ts';
export { usePortal } from './hooks/usePortal.ts';
export { usePortalSections } from './hooks/usePortalSections.ts';
export { PORTAL_SECTIONS, availableSections, type PortalSection } from './sections.ts';
