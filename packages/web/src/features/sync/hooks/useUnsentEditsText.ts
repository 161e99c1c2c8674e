import { useSyncState } from '../../../data/index.ts';
import { editText, orderFailures, refusalReason } from '../utils/edit-text.ts';
import { usePracticeTime } from '../../practice/index.ts';
import { useQueuedEdits } from './useQueuedEdits.ts';

/**
 * Every edit on this device that the server does not have, as one text to copy: those waiting to
 * be sent, then those refused. Read while `wanted` (an open dialog); '' until then.
 */
export function useUnsentEditsText(wanted: boolean): string {
  const { failed } = useSyncState();
  const queued = useQueuedEdits(wanted) ?? [];
  const { formatDateTime: formatEditTime } = usePracticeTime();
  if (!wanted) return '';
  return [
    ...queued.map((e) => editText(e, 'Waiting to be sent', formatEditTime)),
    ...orderFailures(failed).map((f) => editText(f, `Not saved: ${refusalReason(f)}`, formatEditTime)),
  ].join('\n\n');
}
