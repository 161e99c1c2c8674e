import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ContentStore } from './content-store.ts';

const SAFE_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/;

/** Content in a local folder (the default): one file per key, written atomically. */
export class LocalContentStore implements ContentStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    // Keys are built by the server from validated ids, but a path must never leave the root.
    if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Unsafe content key ${key}`);
    }
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  }

  /** The stored bytes; undefined only when nothing is stored under `key` (a disk error is thrown). */
  async get(key: string): Promise<Buffer | undefined> {
    return fs.readFile(this.file(key)).catch(whenMissing(undefined));
  }

  async stream(key: string): Promise<Readable | undefined> {
    const target = this.file(key);
    const found = await fs.access(target).then(() => true, whenMissing(false));
    return found ? createReadStream(target) : undefined;
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }
}

/** A rejection handler answering `value` for a file that does not exist, rethrowing any other error. */
function whenMissing<T>(value: T): (error: unknown) => T {
  return (error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return value;
    throw error;
  };
}
