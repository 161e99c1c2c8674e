// PreferencesDialog is not exported here: the user menu loads it on demand from its own file
// (features/shell/components/UserMenu.tsx), which a static export from this index would defeat.
export type { PreferencesDialogProps } from './components/PreferencesDialog.tsx';
export { PreferencesSync } from './components/PreferencesSync.tsx';
export { usePersonalPreferences } from './hooks/usePersonalPreferences.ts';
