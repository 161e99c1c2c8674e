export { PreferencesDialog } from './components/PreferencesDialog.tsx';
export { PreferencesSync } from './components/PreferencesSync.tsx';
export { usePersonalPreferences } from './hooks/usePersonalPreferences.ts';
