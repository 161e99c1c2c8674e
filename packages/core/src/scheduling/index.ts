export * from './types.ts';
export * from './appointment-statuses.ts';
export * from './scheduling-schemas.ts';
export * from './recurrence.ts';
export * from './conflicts.ts';
export * from './free-slots.ts';
