export * from './filter.ts';
export * from './evaluate.ts';
