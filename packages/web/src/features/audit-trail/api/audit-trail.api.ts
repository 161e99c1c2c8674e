import { HEADERS, type AuditEventBody, type Filter } from '@caseload/core';
import { api, type DownloadedFile } from '../../../api/index.ts';

/** An audit event as the server stores it: the body with its id and meta. */
export type AuditEventRecord = AuditEventBody & { id: string; meta?: { lastModified?: string } };

/** One page of the trail, newest first, and the token of the next when there is one. */
export interface AuditEventPage {
  events: AuditEventRecord[];
  continuationToken?: string;
}

/** Events per page on the screen. */
export const AUDIT_PAGE_SIZE = 50;

const auditEventsPath = (practiceId: string) => `/api/v1/practices/${encodeURIComponent(practiceId)}/AuditEvents`;

/**
 * A page of `POST AuditEvents/queries` (newest first, keyset paging). Read straight from the
 * server, not through the device store: the trail is the server's record, and a partial copy on a
 * device would mislead (and would keep who-read-what on it).
 */
export async function queryAuditEvents(
  practiceId: string,
  filters: Filter[],
  continuationToken: string | undefined,
  signal: AbortSignal,
): Promise<AuditEventPage> {
  const headers: Record<string, string> = continuationToken ? { [HEADERS.continuationToken]: continuationToken } : {};
  const response = await api.send<AuditEventRecord[]>('POST', `${auditEventsPath(practiceId)}/queries?pageSize=${AUDIT_PAGE_SIZE}`, {
    body: filters,
    headers,
    signal,
  });
  return { events: response.body ?? [], continuationToken: response.headers.get(HEADERS.continuationToken) ?? undefined };
}

/** `POST AuditEvents/export`: the filtered trail as a CSV file, `onProgress` told the bytes so far. */
export function downloadAuditExport(
  practiceId: string,
  filters: Filter[],
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
): Promise<DownloadedFile> {
  return api.download('POST', `${auditEventsPath(practiceId)}/export`, {
    body: filters,
    headers: { accept: 'text/csv' },
    onProgress,
    signal,
  });
}
