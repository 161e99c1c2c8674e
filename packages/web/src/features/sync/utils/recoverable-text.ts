import type { Resource } from '@caseload/core';

/** Fields the server keeps, not words the user wrote. */
const BOOKKEEPING = new Set(['id', 'meta', 'resourceType', 'partition', 'created', 'owner']);

/**
 * The words of an edit the server refused, as plain "field: text" lines, so the user can copy
 * what they typed somewhere safe: every text in the item, with its path, bookkeeping left out.
 */
export function recoverableText(item: Resource): string {
  const lines: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (value.trim()) lines.push(`${path}: ${value}`);
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      lines.push(`${path}: ${String(value)}`);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${path}[${i + 1}]`));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    }
  };
  for (const [k, v] of Object.entries(item)) if (!BOOKKEEPING.has(k)) walk(v, k);
  return lines.join('\n');
}

/**
 * The user's refused edit put back on top of the server's current copy: their fields, the
 * server's version, so the save is an ordinary edit of the latest version rather than another
 * conflict. Only ever done when the user asks (it replaces the other writer's fields).
 */
export function restoredEdit(current: Resource | undefined, failed: Resource): Resource {
  return current ? { ...failed, meta: current.meta } : failed;
}

/** A short name for the failed item: its display, or its type. */
export function describeItem(item: Resource): string {
  const display = typeof item.display === 'string' && item.display.trim() ? item.display : undefined;
  return display ?? `${item.resourceType || 'Item'}${item.id ? ` ${item.id.slice(0, 8)}` : ''}`;
}
