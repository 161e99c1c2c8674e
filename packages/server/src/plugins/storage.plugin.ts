import fp from 'fastify-plugin';
import type { Database } from '../db/database.ts';
import { PracticeRegistry } from '../practices/practice-registry.ts';
import type { ContentStore } from '../content/content-store.ts';
import { ContinuationTokens } from '../storage/continuation-token.ts';
import { sharedSecret } from '../storage/server-secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    practices: PracticeRegistry;
    tokens: ContinuationTokens;
    content: ContentStore;
    clock: () => Date;
  }
}

export interface StoragePluginOptions {
  db: Database;
  content: ContentStore;
  clock?: () => Date;
}

/** The pool, the practice registry, the paging-token signer and the content store, for every route. */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app, options) => {
    app.decorate('db', options.db);
    app.decorate('practices', new PracticeRegistry(options.db));
    app.decorate('tokens', new ContinuationTokens(await sharedSecret(options.db.pool, 'continuation-key')));
    app.decorate('content', options.content);
    app.decorate('clock', options.clock ?? (() => new Date()));
  },
  { name: 'storage' },
);
