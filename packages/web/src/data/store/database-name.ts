/** The IndexedDB database name of one user's store (apart from dexie-store.ts, so naming it loads no Dexie). */
export const databaseName = (userKey: string) => `caseload-${userKey}`;
