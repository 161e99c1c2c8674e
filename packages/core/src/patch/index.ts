export * from './apply-patch.ts';
export * from './generate-patch.ts';
