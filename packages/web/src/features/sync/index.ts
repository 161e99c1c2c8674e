export { SyncStateIndicator } from './components/SyncStateIndicator.tsx';
export { summariseSync, type SyncStatus, type SyncSummary } from './utils/sync-summary.ts';
