export * from './practice-schemas.ts';
export * from './preferences-schema.ts';
export * from './labels.ts';
export * from './option-labels.ts';
