/**
 * The HTTP contract shared by server and web: the schemas every route declares (params, query,
 * body, each response) and the types both sides read from them (docs/api.md, "Contracts").
 */
export * from './contract-kit.ts';
export * from './identity.ts';
export * from './users.ts';
export * from './notes.ts';
export * from './patients.ts';
export * from './resources.ts';
export * from './content.ts';
export * from './care-plans.ts';
export * from './packets.ts';
export * from './scheduling.ts';
export * from './grant-sets.ts';
export * from './scribe.ts';
export * from './scribe-settings.ts';
