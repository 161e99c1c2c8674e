import type { ApiClient } from '../../api/index.ts';
import { isGlobalCollection } from '../paths.ts';
import type { CopiesContext } from './server-copies.ts';
import type { ReadBuffer } from './read-buffer.ts';

/** What the read side of the layer shares. */
export interface ReadContext extends CopiesContext {
  api: ApiClient;
  clock: () => number;
  /** The chosen practice network ('' when none). */
  practiceId: () => string;
  buffer: ReadBuffer;
}

/** The practice a read of `collection` goes to: '' for global collections. */
export const readPractice = (ctx: Pick<ReadContext, 'practiceId'>, collection: string) =>
  isGlobalCollection(collection) ? '' : ctx.practiceId();

/** False while a practice collection has no practice to be read from (none chosen yet). */
export const canRead = (ctx: Pick<ReadContext, 'practiceId'>, collection: string) =>
  isGlobalCollection(collection) || ctx.practiceId() !== '';
