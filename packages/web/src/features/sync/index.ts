export { SyncStateIndicator } from './components/SyncStateIndicator.tsx';
export { summariseSync, type SyncStatus, type SyncSummary } from './utils/sync-summary.ts';
export { fieldLabel } from './utils/field-label.ts';
export { CopyTextButton } from './components/CopyTextButton.tsx';
export { useUnsentEditsText } from './hooks/useUnsentEditsText.ts';
