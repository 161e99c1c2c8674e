import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { gone, notFound, type Content, type Resource, type ResourceTypeDefinition } from '@caseload/core';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import type { RepositoryContext, ResourceRow } from '../storage/repository-context.ts';
import { ChunkStaging, type StagedUpload } from './chunked-upload.ts';
import { contentKeys, type ContentKeys } from './content-keys.ts';
import { contentTooLarge, contentTypeOf } from './content-params.ts';
import { writeContentVersion } from './content-rows.ts';
import type { ContentGuard } from './content-guards.ts';
import type { ContentStore } from './content-store.ts';
import { renderThumbnail, thumbnailFormat, type Thumbnail } from './thumbnails.ts';

/** What the content service needs. */
export interface ContentServiceDeps {
  store: ContentStore;
  /** Largest content, whole or assembled from chunks, in bytes. */
  maxContentBytes: number;
  /** Checks by type before any bytes are stored (content-guards.ts). */
  guards?: Readonly<Record<string, ContentGuard>>;
}

/** The resource a content call works on, as the HTTP edge resolved it. */
export interface ContentTarget {
  type: ResourceTypeDefinition;
  ctx: RepositoryContext;
  repo: ResourceRepository;
  id: string;
}

export interface DownloadRequest {
  /** A past version's content; the current one when absent. */
  versionId?: string;
  /** The partition-key header: a resource outside it reads as 404, like a resource read. */
  partition?: string;
  /** Fit an image within this many pixels square. */
  thumbnail?: number;
  /** Answer the bytes base64-encoded, as text. */
  base64?: boolean;
}

/** The bytes to answer a download with, and how to describe them. */
export interface ContentDownload {
  contentType: string;
  size: number;
  /** A strong ETag: the sha-256 of the content, suffixed for thumbnails and base64. */
  etag: string;
  body: Readable | Buffer | string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Upload, download, removal and purge of resource content (SPEC.md section 7, docs/content.md).
 * Bytes go to the ContentStore; the resource's `content` field records them, one version per
 * change, written under the same row lock and version check as every other resource write.
 */
export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** Stores the bytes and writes a new version whose `content` describes them. */
  async upload(target: ContentTarget, bytes: Buffer, contentType: string, expectedVersionId?: string): Promise<Resource> {
    return target.repo.inTransaction(async (repo) => {
      const row = await repo.currentForWrite(target.type, target.id, { expectedVersionId });
      return this.storeVersion(repo, target, row, bytes, contentType);
    });
  }

  /**
   * Removes `content` from the resource with a new version (none when it has no content). With
   * `purge`, also deletes the bytes of every version, its thumbnails and any staged chunks, so
   * earlier versions' downloads answer 410; a deleted resource can still be purged.
   */
  async remove(target: ContentTarget, options: { purge: boolean; expectedVersionId?: string }): Promise<void> {
    const { type, ctx, id } = target;
    await target.repo.inTransaction(async (repo) => {
      const tx = repo.queryable;
      const row = await repo.currentForWrite(type, id, { expectedVersionId: options.expectedVersionId, allowDeleted: options.purge });
      if (!row.is_deleted && row.body.content !== undefined) await writeContentVersion(repo, ctx.practiceId, type, row, undefined);
      if (!options.purge) return;
      // The bytes leave every version: audited as a delete, beside the version that removed them.
      await repo.auditTouch(type, row, 'D');
      // The staging lock keeps a chunk arriving now from surviving the purge. The delete runs
      // inside the transaction: if it fails the removal rolls back and the client retries,
      // rather than believing the bytes are gone.
      await this.staging(target).lock(tx);
      await this.deps.store.deletePrefix(this.keys(target).folder);
    });
  }

  /** The current or a past version's content, whole, base64-encoded or as a thumbnail. */
  async download(target: ContentTarget, request: DownloadRequest): Promise<ContentDownload> {
    const { repo, type, id } = target;
    // Reading the current version first makes a deleted resource 410 for its history too.
    const current = await repo.read(type, id, request.partition);
    const resource =
      request.versionId === undefined || request.versionId === current.meta.versionId
        ? current
        : await repo.readVersion(type, id, request.versionId);
    const content = resource.content;
    // A hash we did not write (a client can PUT any `content`) names no bytes of ours.
    if (!content || typeof content.hash !== 'string' || !SHA256_HEX.test(content.hash)) throw notFound();
    const keys = this.keys(target);
    if (request.thumbnail !== undefined) {
      const thumbnail = await this.thumbnail(keys, content, request.thumbnail);
      return encoded(thumbnail.bytes, thumbnail.contentType, `${content.hash}.thumb${request.thumbnail}`, request.base64);
    }
    if (request.base64) {
      const bytes = await this.deps.store.get(keys.content(content.hash));
      if (!bytes) throw gone();
      return encoded(bytes, content.contentType, content.hash, true);
    }
    const stream = await this.deps.store.stream(keys.content(content.hash));
    // The version still names the bytes but they were purged.
    if (!stream) throw gone();
    return { contentType: content.contentType, size: content.size, etag: `"${content.hash}"`, body: stream };
  }

  /** Stages chunk `n` of a chunked upload of an existing, undeleted resource. */
  async stageChunk(target: ContentTarget, n: number, bytes: Buffer, contentType: string | undefined): Promise<StagedUpload> {
    const { type } = target;
    const staging = this.staging(target);
    const chunkType = contentType === undefined ? undefined : contentTypeOf(contentType);
    return target.repo.inTransaction(async (repo) => {
      const row = await repo.currentForWrite(type, target.id);
      await this.guard(repo, target, row);
      await staging.lock(repo.queryable);
      const staged = await staging.put(n, bytes, chunkType);
      // PHI reached the server for this record: audited as (part of) updating it.
      await repo.auditTouch(type, row, 'U');
      return staged;
    });
  }

  /** The chunks received so far, so a client can resume. */
  async listChunks(target: ContentTarget): Promise<StagedUpload> {
    const row = await target.repo.currentForWrite(target.type, target.id);
    const staged = await this.staging(target).list();
    await target.repo.auditTouch(target.type, row, 'R');
    return staged;
  }

  /**
   * Joins the staged chunks and stores them like a whole upload, then removes them. The content
   * type is the commit's own header when given, else chunk 0's.
   */
  async commitChunks(target: ContentTarget, contentType: string | undefined, expectedVersionId?: string): Promise<Resource> {
    const staging = this.staging(target);
    return target.repo.inTransaction(async (repo) => {
      // The row first (permission, 404, 410, 409 before any bytes are read), then the staging
      // lock, held to the end so no chunk is replaced while it is read or after it was joined.
      // Purges and chunk staging lock in the same order.
      const row = await repo.currentForWrite(target.type, target.id, { expectedVersionId });
      await staging.lock(repo.queryable);
      const upload = await staging.assemble();
      const type = contentTypeOf(contentType ?? upload.firstChunkContentType);
      const resource = await this.storeVersion(repo, target, row, upload.bytes, type);
      await staging.discard();
      return resource;
    });
  }

  /** Stores the bytes and writes the version that names them, on a row locked by the caller. */
  private async storeVersion(
    repo: ResourceRepository,
    target: ContentTarget,
    row: ResourceRow,
    bytes: Buffer,
    contentType: string,
  ): Promise<Resource> {
    if (bytes.length > this.deps.maxContentBytes) throw contentTooLarge(this.deps.maxContentBytes);
    await this.guard(repo, target, row);
    const hash = createHash('sha256').update(bytes).digest('hex');
    // Stored only after the checks passed, so a refused write (404, 409, 410) leaves no bytes.
    // Keys are content-addressed: the same bytes uploaded twice are one object.
    await this.deps.store.put(this.keys(target).content(hash), bytes);
    const content: Omit<Content, 'url'> = { contentType, hash, size: bytes.length };
    return writeContentVersion(repo, target.ctx.practiceId, target.type, row, content);
  }

  /** The type's content guard, on the locked row: before any bytes are stored. */
  private async guard(repo: ResourceRepository, target: ContentTarget, row: ResourceRow): Promise<void> {
    const guard = this.deps.guards?.[target.type.name];
    if (guard) await guard(repo.queryable, target.ctx, row.body as Resource);
  }

  /** A cached thumbnail, or one rendered from the original and cached beside it. */
  private async thumbnail(keys: ContentKeys, content: Content, size: number): Promise<Thumbnail> {
    // First, so non-image content is a 400 before any bytes are read.
    const format = thumbnailFormat(content.contentType);
    const key = keys.thumbnail(content.hash, size, format.extension);
    const cached = await this.deps.store.get(key);
    if (cached) return { bytes: cached, contentType: format.contentType };
    const original = await this.deps.store.get(keys.content(content.hash));
    if (!original) throw gone();
    const rendered = await renderThumbnail(original, content.contentType, size);
    await this.deps.store.put(key, rendered.bytes);
    return rendered;
  }

  private keys(target: ContentTarget): ContentKeys {
    return contentKeys(target.ctx.practiceId, target.type, target.id);
  }

  private staging(target: ContentTarget): ChunkStaging {
    return new ChunkStaging(this.deps.store, this.keys(target), this.deps.maxContentBytes);
  }
}

/** Bytes as they are, or base64 text (for clients that cannot handle binary responses). */
function encoded(bytes: Buffer, contentType: string, tag: string, base64 = false): ContentDownload {
  if (!base64) return { contentType, size: bytes.length, etag: `"${tag}"`, body: bytes };
  const text = bytes.toString('base64');
  return { contentType: 'text/plain; charset=us-ascii', size: text.length, etag: `"${tag}.b64"`, body: text };
}
