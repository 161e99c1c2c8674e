import type { Packet, PacketItem } from '@caseload/core';
import { useCallback, useMemo, useState } from 'react';
import { useSubmit, type Submit } from '../../../ui/useSubmit.ts';
import { draftIssues, draftOfPacket, movePart, newPart, packetFieldsOf, type FormChoice, type PacketDraft } from '../utils/packet-draft.ts';

export interface PacketForm {
  draft: PacketDraft;
  set: <K extends keyof PacketDraft>(field: K, value: PacketDraft[K]) => void;
  /** What is wrong, by field path; shown once the user has tried to save. */
  issues: ReadonlyMap<string, string>;
  showIssues: boolean;
  addPart: (form: FormChoice) => void;
  updatePart: (key: string, change: Partial<PacketItem>) => void;
  removePart: (key: string) => void;
  movePart: (key: string, to: number) => void;
  submit: Submit<[]>;
  onSubmit: (event?: React.FormEvent) => void;
}

/**
 * The packet editor's state: the draft, its parts' edits and moves, and the save. The save checks
 * the server's own packet rules first (nothing is sent while they fail), then hands the fields to
 * the admin list's save, which goes through the data layer's write queue and waits for the server.
 */
export function usePacketForm(item: Packet | undefined, onSave: (fields: Record<string, unknown>) => Promise<void>): PacketForm {
  const [draft, setDraft] = useState(() => draftOfPacket(item));
  const [showIssues, setShowIssues] = useState(false);
  const issues = useMemo(() => draftIssues(draft), [draft]);
  const set = useCallback(
    <K extends keyof PacketDraft>(field: K, value: PacketDraft[K]) => setDraft((d) => ({ ...d, [field]: value })),
    [],
  );
  const parts = (change: (parts: PacketItem[]) => PacketItem[]) => setDraft((d) => ({ ...d, parts: change(d.parts) }));

  const save = useCallback(async () => {
    setShowIssues(true);
    if (draftIssues(draft).size > 0) return;
    await onSave(packetFieldsOf(draft));
  }, [draft, onSave]);
  const submit = useSubmit(save);

  return {
    draft,
    set,
    issues,
    showIssues,
    addPart: (form) => parts((list) => [...list, newPart(form, list)]),
    updatePart: (key, change) => parts((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p))),
    removePart: (key) => parts((list) => list.filter((p) => p.key !== key)),
    movePart: (key, to) =>
      parts((list) =>
        movePart(
          list,
          list.findIndex((p) => p.key === key),
          to,
        ),
      ),
    submit,
    onSubmit: (event) => {
      event?.preventDefault();
      void submit.run();
    },
  };
}
