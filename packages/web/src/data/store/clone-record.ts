/**
 * A deep copy of a record as IndexedDB would store it (structured clone). Blobs are immutable, so
 * an upload's bytes are shared rather than copied (Node's structuredClone cannot copy them).
 */
export function cloneRecord<T>(record: T): T {
  if (typeof record !== 'object' || record === null) return record;
  const content = (record as { content?: { blob?: unknown } }).content;
  if (content && typeof content === 'object' && 'blob' in content) {
    const { blob, ...rest } = content;
    const copy = structuredClone({ ...record, content: rest }) as T & { content: Record<string, unknown> };
    copy.content.blob = blob;
    return copy;
  }
  return structuredClone(record);
}
