import { useCallback, useContext, useSyncExternalStore } from 'react';
import { FormLogicContext } from './form-logic-context.ts';

/** Whether one item is shown now (its enableWhen holds); re-renders only when that changes. */
export function useItemEnabled(linkId: string): boolean {
  const logic = useContext(FormLogicContext);
  if (!logic) throw new Error('useItemEnabled is used outside QuestionnaireForm.');
  const get = useCallback(() => logic.isEnabled(linkId), [logic, linkId]);
  return useSyncExternalStore(logic.subscribe, get, get);
}
