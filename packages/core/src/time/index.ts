export * from './instant.ts';
export * from './practice-time-zone.ts';
export * from './zoned-format.ts';
