import type { Answers, Questionnaire } from '@caseload/core';
import { computeLogic, type FormLogicState } from './form-answers.ts';

type Listener = () => void;

/**
 * The form's live logic (which items are enabled, what the calculations give) outside React, so
 * a keystroke re-renders only the rows whose enabled state changed: each row reads its own
 * boolean with useSyncExternalStore, and listeners hear only real changes.
 */
export class FormLogicStore {
  private state: FormLogicState;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly questionnaire: Pick<Questionnaire, 'items'>,
    answers: Answers,
  ) {
    this.state = computeLogic(questionnaire, answers);
  }

  /** Recomputes from the answers; tells listeners when the enabled set changed. Answers the new state. */
  update(answers: Answers): FormLogicState {
    const next = computeLogic(this.questionnaire, answers);
    const changed = next.enabled.size !== this.state.enabled.size || [...next.enabled].some((id) => !this.state.enabled.has(id));
    this.state = next;
    if (changed) for (const listener of this.listeners) listener();
    return next;
  }

  get current(): FormLogicState {
    return this.state;
  }

  isEnabled = (linkId: string): boolean => this.state.enabled.has(linkId);

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
