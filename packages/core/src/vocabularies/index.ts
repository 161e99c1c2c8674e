export * from './vocabulary.ts';
export * from './places-of-service.ts';
export * from './us-states.ts';
export * from './identifiers-and-licences.ts';
export * from './relationships.ts';
export * from './demographics.ts';
export * from './practice-codes.ts';
export * from './diagnoses.ts';
