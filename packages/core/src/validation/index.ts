export * from './dates.ts';
export * from './date-time-formats.ts';
export * from './date-time-fields.ts';
export * from './duration.ts';
export * from './invalid-resource.ts';
export * from './reference.ts';
export * from './resource-rules.ts';
export * from './storable-json.ts';
