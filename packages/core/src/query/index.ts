export * from './filter.ts';
export * from './evaluate.ts';
export * from './type-checks.ts';
