export { AreaPage, type AreaPageProps } from './components/AreaPage.tsx';
export { DefaultShell } from './components/DefaultShell.tsx';
export { MobileShell } from './components/MobileShell.tsx';
export { useVisibleAreas } from './hooks/useVisibleAreas.ts';
export { useArea } from './hooks/useArea.ts';
export { useCurrentPermissions } from './hooks/useCurrentPermissions.ts';
export { knownPermissions } from './utils/known-permissions.ts';
export { AREAS, areaById, type Area, type AreaId } from './utils/areas.ts';
// The pieces of the shell the patient portal's own shell is made of too (features/portal).
export { HeaderAccount, type HeaderAccountProps } from './components/HeaderAccount.tsx';
export { ShellOutlet } from './components/ShellOutlet.tsx';
export { SkipLink } from './components/SkipLink.tsx';
export { useSignOut, type SignOut } from './hooks/useSignOut.ts';
