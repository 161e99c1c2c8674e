import type { Resource } from '@caseload/core';
import { rebaseEdit, rebaseKeepingMine, rebaseKeepingTheirs } from '../../../data/rebase-edit.ts';

/** Fields another device changed differently from what this user has typed (JSON pointers). */
export interface DraftConflict {
  fields: string[];
}

/** What recovering a write the server refused as stale gave. */
export type RecoveryOutcome = { ok: true } | { ok: false; conflicts: string[] };

/**
 * The editor's working copy of one resource (a note or its encounter) and the stored copy its
 * edits are relative to (`base`: the version the editor loaded, then each copy it folded in).
 *
 * Saving sends only what the clinician changed: the difference between `base` and the screen is
 * re-applied on the newest stored copy (`rebaseEdit`) and that is upserted, so the write queue's
 * PATCH (the difference from the server copy it knows) carries this user's fields and never turns
 * back a field someone else changed on another device. A newer stored copy (a read, the queue's
 * answer, a restore after a refusal) is folded under what is being typed. A write the server
 * refused because another device saved first (409) is recovered by re-applying its edits on the
 * server's copy, unless both changed the same field: then it stays a failed-upsert record.
 */
export class DraftTracker<T extends Resource> {
  private base: T;
  private screen: T;
  private changed = false;
  /** A newer copy changed fields this user has edited too: saving waits for their choice. */
  private held: { fields: string[]; before: T } | undefined;
  /**
   * Server versions already folded in (or loaded). A copy of one of them is this user's own echo
   * or an older read answered late: it brings nothing new and must not turn the screen back.
   */
  private readonly seen = new Set<string>();

  constructor(
    initial: T,
    /** Stores the item on the device and queues it (the data layer's upsert). */
    private readonly upsert: (item: T) => Promise<T>,
    /** Shows a new working copy (a React state setter). */
    private readonly show: (value: T) => void,
    /** Tells the screen a conflict began (fields) or ended (undefined). */
    private readonly conflicted: (conflict: DraftConflict | undefined) => void = () => undefined,
  ) {
    this.base = initial;
    this.screen = initial;
    this.remember(initial);
  }

  private remember(copy: T): boolean {
    const version = copy.meta?.versionId;
    if (!version) return true;
    if (this.seen.has(version)) return false;
    this.seen.add(version);
    return true;
  }

  /**
   * Whether a stored copy is newer than `base`: a server version not seen yet. A copy of a version
   * already seen is an older read; so is one of base's own version (or, before the server has
   * answered, one without a version), which may predate this user's last save: the device's
   * saves keep the version they were made on, so base, holding them, is at least as new.
   */
  private isNewer(copy: T): boolean {
    const version = copy.meta?.versionId;
    return !!version && version !== this.base.meta?.versionId && !this.seen.has(version);
  }

  get value(): T {
    return this.screen;
  }

  /** Edits not yet handed to the data layer. */
  get unsaved(): boolean {
    return this.changed;
  }

  edit(change: (value: T) => T): T {
    this.screen = change(this.screen);
    this.changed = true;
    this.show(this.screen);
    return this.screen;
  }

  /**
   * A newer stored copy: what others changed shows, what this user typed stays. When the newer
   * copy changed a field this user has changed too (a refused save's restore while they kept
   * typing, say), their text stays on screen and saving is held until they choose
   * ({@link keepMine} or {@link useTheirs}): no one's words are replaced without a person deciding.
   */
  stored(theirs: T): void {
    if (theirs === this.base || !this.remember(theirs)) return;
    const out = rebaseEdit(this.base, this.screen, theirs);
    if (!out.ok && !this.held) {
      this.held = { fields: out.conflicts, before: this.base };
      this.conflicted({ fields: out.conflicts });
    }
    const next = out.ok ? out.item : rebaseKeepingMine(this.base, this.screen, theirs);
    this.base = theirs;
    if (next !== this.screen) {
      this.screen = next;
      this.show(next);
    }
  }

  /** The user keeps their text over the other device's: saving resumes and will send it. */
  keepMine(): void {
    if (!this.held) return;
    this.held = undefined;
    this.changed = true;
    this.conflicted(undefined);
  }

  /** The user takes the other device's text where both wrote; their other edits stay. */
  useTheirs(): void {
    if (!this.held) return;
    this.screen = rebaseKeepingTheirs(this.held.before, this.screen, this.base);
    this.held = undefined;
    this.changed = this.screen !== this.base;
    this.show(this.screen);
    this.conflicted(undefined);
  }

  /** Hands the clinician's changes, re-applied on `current` (the newest stored copy), to the data layer. */
  async save(current: T | undefined): Promise<void> {
    if (!this.changed || this.held) return;
    this.changed = false;
    const onto = current && this.isNewer(current) ? current : this.base;
    const item = rebaseKeepingMine(this.base, this.screen, onto);
    // Before the await: the store's echo of this very write must read as "nothing new".
    this.base = item;
    await this.upsert(item);
  }

  /**
   * A write refused as stale: `refused` (the queue's failed-upsert item, made on version `base`)
   * re-applied on `current`, the server's copy now, when the two touch different fields.
   */
  async recover(refused: T, base: T | undefined, current: T | undefined): Promise<RecoveryOutcome> {
    if (!base || !current) return { ok: false, conflicts: [] };
    const out = rebaseEdit(base, refused, current);
    if (!out.ok) return out;
    await this.upsert(out.item);
    return { ok: true };
  }
}
