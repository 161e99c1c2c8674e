import { carePlanStructureIssues, type CarePlan } from '@caseload/core';
import { saveHold, type SaveHold } from '../utils/save-hold.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSyncState, useUpsert, type FailedUpsert } from '../../../data/index.ts';
import { issuesByElement, type PathIssue } from '../utils/element-issues.ts';

/** How long editing may pause before the plan is stored on the device and queued (ms), as for notes. */
export const CARE_PLAN_AUTOSAVE_MS = 600;

export interface CarePlanAutosave {
  plan: CarePlan;
  /** Applies a change; stored after a pause. */
  update(change: (plan: CarePlan) => CarePlan): void;
  /** Stores what waits now (before signing or leaving). */
  saveNow(): Promise<void>;
  /** Changes not yet on the device (typing, or held by a tree the rules refuse). */
  unsaved: boolean;
  /** Why changes are held on screen rather than saved, if they are. */
  held?: SaveHold;
  /** What is wrong, by element id: the structure rules on the screen's copy, else the server's last refusal. */
  elementIssues: Map<string, string[]>;
  /** The server's last refusal of this plan, if the screen still holds it. */
  refusal?: { detail?: string; issues: PathIssue[] };
}

/**
 * The editor's working copy of an unsigned plan: every change shows at once and goes through the
 * write queue after a short pause (works offline, survives a reload); leaving or hiding the tab
 * stores it at once. A newer stored copy (another device) replaces the screen's only while nothing
 * typed here waits. A tree the structure rules refuse is held on screen, its issues beside the
 * elements, not sent (as is a new element until it has its text); a write the server refuses
 * brings the refused copy back on screen with the refusal's issues beside the elements they name,
 * so the clinician fixes it rather than retyping.
 */
export function useCarePlanAutosave(stored: CarePlan): CarePlanAutosave {
  const upsert = useUpsert<CarePlan>('CarePlans');
  const sync = useSyncState();
  const [plan, setPlan] = useState(stored);
  const latest = useRef(plan);
  const dirty = useRef(false);
  const [unsaved, setUnsaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const failures = useMemo(() => sync.failed.filter((f) => f.collection === 'CarePlans' && f.id === stored.id), [sync.failed, stored.id]);
  const failure: FailedUpsert | undefined = failures[failures.length - 1];
  const restored = useRef<string>(undefined);

  useEffect(() => {
    if (dirty.current) return;
    latest.current = stored;
    setPlan(stored);
  }, [stored]);

  // A refusal: the user's copy comes back on screen (the queue put the server's in the store).
  useEffect(() => {
    if (!failure || restored.current === failure.hash || failure.operation !== 'upsert') return;
    restored.current = failure.hash;
    latest.current = { ...(failure.item as CarePlan), meta: latest.current.meta };
    setPlan(latest.current);
    dirty.current = true;
    setUnsaved(true);
  }, [failure]);

  const saveNow = useCallback(async () => {
    clearTimeout(timer.current);
    if (!dirty.current || saveHold(latest.current)) return;
    dirty.current = false;
    // The screen holds all of the user's text: the refused writes of it are not needed any more.
    for (const f of failures) await sync.dismissFailed(f.hash);
    await upsert(latest.current);
    if (!dirty.current) setUnsaved(false);
  }, [upsert, failures, sync]);

  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;

  const update = useCallback((change: (p: CarePlan) => CarePlan) => {
    latest.current = change(latest.current);
    setPlan(latest.current);
    dirty.current = true;
    setUnsaved(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current(), CARE_PLAN_AUTOSAVE_MS);
  }, []);
  useEffect(() => {
    const hide = () => {
      if (document.visibilityState === 'hidden') void saveRef.current();
    };
    const leave = () => void saveRef.current();
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', leave);
      void saveRef.current();
    };
  }, []);

  const { elementIssues, refusal } = useMemo(() => {
    const local = carePlanStructureIssues(plan);
    if (local.length > 0) return { elementIssues: issuesByElement(local, plan.elements).byElement, refusal: undefined };
    if (!failure) return { elementIssues: new Map<string, string[]>(), refusal: undefined };
    const issues = failure.issues ?? [];
    const items = (failure.item as CarePlan).elements ?? [];
    return { elementIssues: issuesByElement(issues, items).byElement, refusal: { detail: failure.detail, issues } };
  }, [plan, failure]);

  const held = unsaved ? saveHold(plan) : undefined;
  return { plan, update, saveNow, unsaved, held, elementIssues, refusal };
}
