export * from './dates.ts';
export * from './duration.ts';
export * from './reference.ts';
export * from './resource-rules.ts';
export * from './storable-json.ts';
