import { Readable } from 'node:stream';

/**
 * Where content bytes live. Keys are chosen by the caller and unique per stored object; the local
 * folder is the default and an S3-compatible store can implement the same interface.
 */
export interface ContentStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Streams for large downloads. */
  stream(key: string): Promise<Readable | undefined>;
  /** Removes every object whose key starts with the prefix. */
  deletePrefix(prefix: string): Promise<void>;
}
