import type { Filter } from '@caseload/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../api/index.ts';
import { useCurrentPractice } from '../../practice/index.ts';
import { downloadAuditExport } from '../api/audit-trail.api.ts';

export type AuditExportPhase = 'idle' | 'preparing' | 'downloading' | 'saved' | 'failed';

export interface AuditExportState {
  /** preparing: asked, nothing received yet; downloading: bytes arriving; saved: handed to the browser. */
  phase: AuditExportPhase;
  /** Bytes received so far. */
  bytes: number;
  fileName?: string;
  error: unknown;
  start(query: Filter[]): void;
  cancel(): void;
}

/**
 * Exports the filtered trail as CSV (`POST AuditEvents/export`): the server streams it, this reads
 * it with its progress, and hands the whole file to the browser to save. A download cut short is
 * a failure, never a short file saved as if whole.
 */
export function useAuditExport(): AuditExportState {
  const practiceId = useCurrentPractice().current?.practiceId;
  const [state, setState] = useState<Omit<AuditExportState, 'start' | 'cancel'>>({ phase: 'idle', bytes: 0, error: null });
  const running = useRef<AbortController | undefined>(undefined);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = undefined;
    setState({ phase: 'idle', bytes: 0, error: null });
  }, []);

  const start = useCallback(
    (query: Filter[]) => {
      if (!practiceId || running.current) return;
      const abort = new AbortController();
      running.current = abort;
      setState({ phase: 'preparing', bytes: 0, error: null });
      const onProgress = (bytes: number) => setState((s) => ({ ...s, phase: 'downloading', bytes }));
      downloadAuditExport(practiceId, query, onProgress, abort.signal)
        .then(
          (file) => {
            if (abort.signal.aborted) return;
            const fileName = file.fileName ?? 'audit-trail.csv';
            saveFile(file.blob, fileName);
            setState({ phase: 'saved', bytes: file.blob.size, fileName, error: null });
          },
          (error: unknown) => {
            if (abort.signal.aborted || isAbortError(error)) return;
            setState((s) => ({ ...s, phase: 'failed', error }));
          },
        )
        .finally(() => {
          if (running.current === abort) running.current = undefined;
        });
    },
    [practiceId],
  );

  // Leaving the screen stops a download under way.
  useEffect(() => () => running.current?.abort(), []);
  return { ...state, start, cancel };
}

/** Hands a file to the browser's own download (the link is clicked, then let go). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
