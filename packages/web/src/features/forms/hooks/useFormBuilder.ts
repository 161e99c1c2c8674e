import type { QuestionType, Questionnaire, QuestionnaireItem } from '@caseload/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../practice/index.ts';
import { findItem, moveInList, newItem, updateItem } from '../utils/builder-items.ts';
import { useSaveQuestionnaire } from './useSaveQuestionnaire.ts';

/** What the builder edits: a definition that may not be stored yet (no id or meta). */
export type BuilderDraft = Pick<Questionnaire, 'resourceType' | 'title' | 'status' | 'items'> &
  Partial<
    Pick<Questionnaire, 'id' | 'meta' | 'description' | 'display' | 'version' | 'builtIn' | 'scoring' | 'publishedVersionId' | 'copyright'>
  >;

export interface FormBuilderInput {
  /** The definition as the builder opened it (a blank one for a new definition). */
  initial: BuilderDraft;
  /** The stored copy, kept current by the data layer; none for a new definition. */
  live?: Questionnaire;
  kind: Questionnaire['resourceType'];
}

export interface FormBuilder {
  draft: BuilderDraft;
  /** Changes the draft's fields, and remounts the preview on them. */
  change: (next: Partial<BuilderDraft>) => void;
  setItems: (items: QuestionnaireItem[]) => void;
  selected: string | undefined;
  setSelected: (linkId: string | undefined) => void;
  /** The selected item, wherever it is in the tree. */
  current: QuestionnaireItem | undefined;
  addType: QuestionType;
  setAddType: (type: QuestionType) => void;
  /** Adds a question of `addType`: inside the selected section, else at the end. */
  add: () => void;
  /** Drops the dragged top-level question on another's place. */
  drop: (moved: string, target: string) => void;
  /** Bumped by every change: the preview's key. */
  revision: number;
  /** The last save's outcome, in words. */
  message: { ok: boolean; text: string } | undefined;
  busy: boolean;
  /** The profile may save the definition (create it, or update it). */
  mayChange: boolean;
  /** Saves the draft with `status` (Draft, Active: publish, Retired) and waits for the server's answer. */
  run: (status: Questionnaire['status']) => Promise<void>;
}

/**
 * The form builder's draft and its edits, and its saves: a refusal (the server checks every rule
 * on publishing) is kept as the message with the draft still on screen; a new definition's
 * address becomes its own once saved.
 */
export function useFormBuilder({ initial, live, kind }: FormBuilderInput): FormBuilder {
  const [draft, setDraft] = useState<BuilderDraft>(initial);
  const [selected, setSelected] = useState<string | undefined>(initial.items[0]?.linkId);
  const [addType, setAddType] = useState<QuestionType>('String');
  const [revision, setRevision] = useState(0);
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const save = useSaveQuestionnaire(kind);
  const mayChange = useCan(initial.id ? 'Update' : 'Create', kind);
  const navigate = useNavigate();

  const change = (next: Partial<BuilderDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setRevision((r) => r + 1);
  };
  const setItems = (items: QuestionnaireItem[]) => change({ items });
  const current = findItem(draft.items, selected);

  const add = () => {
    const item = newItem(addType, draft.items);
    const target = current?.type === 'Header' ? current.linkId : undefined;
    setItems(target ? updateItem(draft.items, target, (h) => ({ ...h, items: [...(h.items ?? []), item] })) : [...draft.items, item]);
    setSelected(item.linkId);
  };

  const drop = (moved: string, target: string) => {
    const from = draft.items.findIndex((i) => i.linkId === moved);
    const to = draft.items.findIndex((i) => i.linkId === target);
    if (from !== -1 && to !== -1) setItems(moveInList(draft.items, from, to));
  };

  const run = async (status: Questionnaire['status']) => {
    setBusy(true);
    setMessage(undefined);
    try {
      // The stored copy's meta (kept current by the data layer) says which version this edit follows.
      const result = await save({ ...draft, id: live?.id ?? draft.id, meta: live?.meta ?? draft.meta, status } as Questionnaire);
      if (result.kind === 'refused') return setMessage({ ok: false, text: result.message });
      setDraft((d) => ({ ...d, id: result.item.id, meta: result.item.meta }));
      setMessage({
        ok: true,
        text:
          result.kind === 'queued'
            ? 'Saved on this device. It will be sent when the server can be reached.'
            : status === 'Active'
              ? 'Published.'
              : status === 'Retired'
                ? 'Retired.'
                : 'Draft saved.',
      });
      if (!initial.id) navigate(`/forms/builder/${result.item.id}?kind=${kind}`, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return {
    draft,
    change,
    setItems,
    selected,
    setSelected,
    current,
    addType,
    setAddType,
    add,
    drop,
    revision,
    message,
    busy,
    mayChange,
    run,
  };
}
