// Dexie's own ES-module build (see dexie-store.ts): the same API as the package's entry.
declare module 'dexie/dist/modern/dexie.mjs' {
  export * from 'dexie';
}
