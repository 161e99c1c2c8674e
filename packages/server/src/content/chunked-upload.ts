import { badRequest, type StagedUpload } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { ContentKeys } from './content-keys.ts';
import { contentTooLarge } from './content-params.ts';
import type { ContentStore } from './content-store.ts';

export type { StagedUpload };

/** A chunked upload put back together, ready to be stored like a whole upload. */
export interface AssembledUpload {
  bytes: Buffer;
  /** The Content-Type chunk 0 was sent with, if any. */
  firstChunkContentType?: string;
}

/**
 * The staging folder's index. The ContentStore cannot list keys, so the chunks received are
 * recorded here; it is only ever rewritten under the staging lock.
 */
interface Manifest {
  chunks: Record<string, { size: number; contentType?: string }>;
}

/**
 * A resumable upload staged in the ContentStore, chunk by chunk, under the resource's staging
 * folder. `put`, `assemble` and `discard` must run inside a transaction that took `lock` first: it
 * serialises the manifest's read-modify-write across requests and servers, and keeps a commit
 * from assembling while a chunk is being replaced. `list` needs no lock: the store replaces the
 * manifest atomically.
 */
export class ChunkStaging {
  constructor(
    private readonly store: ContentStore,
    private readonly keys: ContentKeys,
    private readonly maxContentBytes: number,
  ) {}

  /** A transaction-scoped advisory lock on this resource's staging folder. */
  async lock(tx: Queryable): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`content-staging:${this.keys.staging}`]);
  }

  /**
   * Stores chunk `n`, replacing any earlier copy (so a client resumes by re-sending what it is
   * unsure of). Refuses early, with a 413, a chunk that takes the total past the limit the commit
   * would enforce anyway.
   */
  async put(n: number, bytes: Buffer, contentType: string | undefined): Promise<StagedUpload> {
    const manifest = await this.manifest();
    const others = Object.entries(manifest.chunks).reduce((sum, [k, c]) => (Number(k) === n ? sum : sum + c.size), 0);
    if (others + bytes.length > this.maxContentBytes) throw contentTooLarge(this.maxContentBytes, 'The upload');
    // The chunk first, then the manifest: a failure in between leaves an unlisted file that the
    // next copy of the chunk overwrites, never a listed chunk without bytes.
    await this.store.put(this.keys.chunk(n), bytes);
    manifest.chunks[n] = { size: bytes.length, ...(contentType !== undefined && { contentType }) };
    await this.store.put(this.keys.manifest, Buffer.from(JSON.stringify(manifest)));
    return summary(manifest);
  }

  async list(): Promise<StagedUpload> {
    return summary(await this.manifest());
  }

  /** The chunks joined in order: 400 when there are none or one is missing, 413 when too large. */
  async assemble(): Promise<AssembledUpload> {
    const { chunks } = await this.manifest();
    const numbers = Object.keys(chunks)
      .map(Number)
      .sort((a, b) => a - b);
    if (numbers.length === 0) {
      throw badRequest('No chunks have been uploaded; send them to content/chunks/{n} before committing.');
    }
    const missing = numbers.findIndex((n, i) => n !== i);
    if (missing !== -1) {
      throw badRequest(`Chunk ${missing} is missing; chunks must be numbered from 0 without gaps.`);
    }
    const total = numbers.reduce((sum, n) => sum + chunks[n]!.size, 0);
    if (total > this.maxContentBytes) throw contentTooLarge(this.maxContentBytes, 'The upload');
    const parts: Buffer[] = [];
    for (const n of numbers) {
      const part = await this.store.get(this.keys.chunk(n));
      if (!part || part.length !== chunks[n]!.size) {
        throw badRequest(`Chunk ${n} is missing; send it again before committing.`);
      }
      parts.push(part);
    }
    return { bytes: Buffer.concat(parts, total), firstChunkContentType: chunks[0]!.contentType };
  }

  /** Removes every staged chunk and the manifest. */
  async discard(): Promise<void> {
    await this.store.deletePrefix(this.keys.staging);
  }

  private async manifest(): Promise<Manifest> {
    const stored = await this.store.get(this.keys.manifest);
    return stored ? (JSON.parse(stored.toString('utf8')) as Manifest) : { chunks: {} };
  }
}

function summary(manifest: Manifest): StagedUpload {
  const chunks = Object.entries(manifest.chunks)
    .map(([n, c]) => ({ n: Number(n), size: c.size }))
    .sort((a, b) => a.n - b.n);
  return { chunks, totalSize: chunks.reduce((sum, c) => sum + c.size, 0) };
}
