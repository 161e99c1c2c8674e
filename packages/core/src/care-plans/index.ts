export * from './types.ts';
export * from './care-plan-schemas.ts';
export * from './care-plan-structure.ts';
export * from './care-plan-progress.ts';
export * from './care-plan-signing.ts';
