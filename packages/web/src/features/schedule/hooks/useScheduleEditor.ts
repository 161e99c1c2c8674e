import type { Reference, Schedule } from '@caseload/core';
import { useState } from 'react';
import { useUpsert } from '../../../data/index.ts';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { newSchedule, scheduleProblems, type ScheduleDraft } from '../utils/schedule-hours.ts';

export interface ScheduleEditor {
  draft: ScheduleDraft;
  change(update: (d: ScheduleDraft) => ScheduleDraft): void;
  dirty: boolean;
  /** Saves through the write queue (offline too); problems found first are its error. */
  save: Submit<[]>;
}

/** Editing one clinician's or location's schedule: the stored one (the first), else a new one. */
export function useScheduleEditor(actor: Reference, stored: Schedule | undefined, onSaved: () => void): ScheduleEditor {
  const [draft, setDraft] = useState<ScheduleDraft>(() => stored ?? newSchedule(actor));
  const [dirty, setDirty] = useState(false);
  const upsert = useUpsert<Schedule>('Schedules');
  const save = useSubmit(async () => {
    const problems = scheduleProblems(draft);
    if (problems.length) throw new Error(problems.join(' '));
    setDraft(await upsert(draft as Schedule));
    setDirty(false);
    onSaved();
  });
  return {
    draft,
    dirty,
    save,
    change: (update) => {
      setDraft(update);
      setDirty(true);
    },
  };
}
