import { isApiError } from '../../../api/index.ts';

/** What the error-details dialog ("Show me nerd stuff") shows, by kind (SPEC.md section 2). */
export type ErrorDetails =
  | {
      kind: 'http';
      /** The response's title, or else the error's message. */
      title: string;
      status: number;
      requestId: string | undefined;
      body: { format: 'json' | 'text'; text: string } | undefined;
    }
  | { kind: 'other'; name: string; message: string; stack: string | undefined };

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The response body as the dialog shows it: JSON indented, anything else as it came. */
export function formatBody(text: string): { format: 'json' | 'text'; text: string } | undefined {
  if (!text.trim()) return undefined;
  const parsed = parseJson(text);
  return parsed.ok ? { format: 'json', text: JSON.stringify(parsed.value, null, 2) } : { format: 'text', text };
}

function titleOf(responseText: string): string | undefined {
  const parsed = parseJson(responseText);
  if (!parsed.ok || !parsed.value || typeof parsed.value !== 'object') return undefined;
  const title = (parsed.value as { title?: unknown }).title;
  return typeof title === 'string' && title.trim() ? title : undefined;
}

/** Sorts an error into what the details dialog shows for it. */
export function describeError(error: unknown): ErrorDetails {
  if (isApiError(error)) {
    return {
      kind: 'http',
      title: titleOf(error.responseText) ?? error.message,
      status: error.status,
      requestId: error.requestId,
      body: formatBody(error.responseText),
    };
  }
  if (error instanceof Error) return { kind: 'other', name: error.name, message: error.message, stack: error.stack };
  return { kind: 'other', name: typeof error, message: String(error), stack: undefined };
}
