export * from './types.ts';
export * from './packet-messages.ts';
export * from './packet-status.ts';
export * from './packet-validation.ts';
export * from './chart-changes.ts';
