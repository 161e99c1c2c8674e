import { generatePatch, type Note } from '@caseload/core';
import { describe, expect, it } from 'vitest';
import { DraftTracker } from './draft-tracker.ts';

const loaded = (version = 'v1', fields: Partial<Note> = {}) =>
  ({
    id: 'n1',
    resourceType: 'Note',
    partition: 'p1',
    meta: { versionId: version, lastModified: 'x' },
    kind: 'Note',
    title: 'Progress note',
    completion: 'InProgress',
    encounterDate: '2026-03-02T14:00:00Z',
    sections: [
      { key: 'data', kind: 'Narrative' },
      { key: 'plan', kind: 'Narrative', narrative: '<p>Weekly.</p>' },
    ],
    ...fields,
  }) as unknown as Note;

const withNarrative = (n: Note, key: string, narrative: string): Note => ({
  ...n,
  sections: n.sections.map((s) => (s.key === key ? { ...s, narrative } : s)),
});

function tracker(initial: Note) {
  const upserts: Note[] = [];
  const shown: Note[] = [];
  const conflicts: (string[] | undefined)[] = [];
  const t = new DraftTracker<Note>(
    initial,
    async (item) => {
      upserts.push(item);
      return item;
    },
    (v) => shown.push(v),
    (c) => conflicts.push(c?.fields),
  );
  return { t, upserts, shown, conflicts };
}

describe('DraftTracker (the note editor saves the fields the clinician changed)', () => {
  it('re-applies only the typed field on a newer stored copy, never turning back what another device saved', async () => {
    const { t, upserts } = tracker(loaded());
    t.edit((n) => withNarrative(n, 'data', '<p>Mine</p>'));
    // Meanwhile a read brought the other device's session time (the note's encounterDate).
    const theirs = loaded('v2', { encounterDate: '2026-03-02T15:00:00Z' });
    await t.save(theirs);
    expect(upserts).toHaveLength(1);
    // What the queue will PATCH (from the server copy it knows) is the narrative alone.
    expect(generatePatch(theirs, upserts[0]!)).toEqual([{ op: 'add', path: '/sections/0/narrative', value: '<p>Mine</p>' }]);
  });

  it('shows what another device changed under the text being typed', () => {
    const { t } = tracker(loaded());
    t.edit((n) => withNarrative(n, 'data', '<p>Typing…</p>'));
    t.stored(withNarrative(loaded('v2'), 'plan', '<p>Fortnightly.</p>'));
    expect(t.value.sections.map((s) => s.narrative)).toEqual(['<p>Typing…</p>', '<p>Fortnightly.</p>']);
    expect(t.value.meta.versionId).toBe('v2');
    expect(t.unsaved).toBe(true);
  });

  it('ignores an older copy answered late (a read of a version already folded in)', async () => {
    const { t, upserts } = tracker(loaded());
    t.stored(withNarrative(loaded('v2'), 'plan', '<p>Fortnightly.</p>'));
    t.stored(loaded());
    expect(t.value.sections[1]!.narrative).toBe('<p>Fortnightly.</p>');
    t.edit((n) => withNarrative(n, 'data', '<p>Mine</p>'));
    await t.save(loaded());
    expect(upserts[0]!.sections.map((s) => s.narrative)).toEqual(['<p>Mine</p>', '<p>Fortnightly.</p>']);
  });

  it("keeps an earlier save's field when the next save reads a copy of the same version that does not have it yet", async () => {
    const { t, upserts } = tracker(loaded());
    t.edit((n) => withNarrative(n, 'data', '<p>Service chosen</p>'));
    await t.save(loaded());
    // The live read still answers the version loaded, from before the first save reached the store.
    t.edit((n) => withNarrative(n, 'plan', '<p>Location chosen</p>'));
    await t.save(loaded());
    expect(upserts[1]!.sections.map((s) => s.narrative)).toEqual(['<p>Service chosen</p>', '<p>Location chosen</p>']);
  });

  it('does the same before the server has answered the note at all (copies without a version)', async () => {
    const unsent = () => ({ ...loaded(), meta: undefined }) as unknown as Note;
    const { t, upserts } = tracker(unsent());
    t.edit((n) => withNarrative(n, 'data', '<p>Service chosen</p>'));
    await t.save(unsent());
    t.edit((n) => withNarrative(n, 'plan', '<p>Location chosen</p>'));
    await t.save(unsent());
    expect(upserts[1]!.sections.map((s) => s.narrative)).toEqual(['<p>Service chosen</p>', '<p>Location chosen</p>']);
  });

  it('keeps what was typed while a save was on its way', async () => {
    const { t } = tracker(loaded());
    t.edit((n) => withNarrative(n, 'data', '<p>One</p>'));
    const saving = t.save(loaded());
    t.edit((n) => withNarrative(n, 'data', '<p>One two</p>'));
    await saving;
    // The store echoes the first save, then the server's answer to it.
    t.stored(withNarrative(loaded(), 'data', '<p>One</p>'));
    t.stored(withNarrative(loaded('v2'), 'data', '<p>One</p>'));
    expect(t.value.sections[0]!.narrative).toBe('<p>One two</p>');
    expect(t.unsaved).toBe(true);
  });

  it('recovers a write refused as stale when the other device changed other fields', async () => {
    const { t, upserts } = tracker(loaded());
    const refused = withNarrative(loaded(), 'data', '<p>Mine</p>');
    const current = loaded('v2', { encounterDate: '2026-03-02T15:00:00Z' });
    expect(await t.recover(refused, loaded(), current)).toEqual({ ok: true });
    expect(upserts[0]).toMatchObject({
      meta: { versionId: 'v2' },
      encounterDate: '2026-03-02T15:00:00Z',
      sections: [{ narrative: '<p>Mine</p>' }, {}],
    });
  });

  it('leaves a true conflict refused, naming the field, and sends nothing', async () => {
    const { t, upserts } = tracker(loaded());
    const refused = withNarrative(loaded(), 'plan', '<p>Monthly.</p>');
    const current = withNarrative(loaded('v2'), 'plan', '<p>Fortnightly.</p>');
    expect(await t.recover(refused, loaded(), current)).toEqual({ ok: false, conflicts: ['/sections/1/narrative'] });
    expect(await t.recover(refused, undefined, current)).toEqual({ ok: false, conflicts: [] });
    expect(upserts).toHaveLength(0);
  });

  describe('a newer copy that changed the field being typed', () => {
    function conflicted() {
      const setup = tracker(loaded());
      setup.t.edit((n) => withNarrative(withNarrative(n, 'plan', '<p>Monthly check-ins.</p>'), 'data', '<p>Mine</p>'));
      setup.t.stored(withNarrative(loaded('v2'), 'plan', '<p>Fortnightly.</p>'));
      return setup;
    }

    it('keeps the text on screen and holds saving until the user chooses', async () => {
      const { t, upserts, conflicts } = conflicted();
      expect(conflicts).toEqual([['/sections/1/narrative']]);
      expect(t.value.sections[1]!.narrative).toBe('<p>Monthly check-ins.</p>');
      await t.save(withNarrative(loaded('v2'), 'plan', '<p>Fortnightly.</p>'));
      expect(upserts).toHaveLength(0);
    });

    it("saves the user's text over the other when they keep theirs", async () => {
      const { t, upserts, conflicts } = conflicted();
      t.keepMine();
      expect(conflicts.at(-1)).toBeUndefined();
      await t.save(withNarrative(loaded('v2'), 'plan', '<p>Fortnightly.</p>'));
      expect(upserts[0]!.sections.map((s) => s.narrative)).toEqual(['<p>Mine</p>', '<p>Monthly check-ins.</p>']);
    });

    it("takes the other text where both wrote, keeping the user's other edits, when they use theirs", () => {
      const { t } = conflicted();
      t.useTheirs();
      expect(t.value.sections.map((s) => s.narrative)).toEqual(['<p>Mine</p>', '<p>Fortnightly.</p>']);
      expect(t.unsaved).toBe(true);
    });
  });
});
