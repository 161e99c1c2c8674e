import { NOTE_MESSAGES, badRequest, canonicalJson, type Encounter, type Note } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { loadPracticePreferences } from '../practices/practice-preferences.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import { refusedAccess } from './note-signing.service.ts';

/**
 * `allowGroupNoteAdminEdit` (docs/notes.md): while it is off, only the facilitator of a group
 * session (its notes' author) may change what the session wrote. One check for every path: the
 * shared-sections call, and a PUT, PATCH or DELETE of one attendee's note or encounter (the Note
 * and Encounter write hooks), so a colleague who may update notes cannot go around the call.
 * `stored` is the record as it was before the write; records of no group session pass.
 */
export async function assertGroupNoteEditable(tx: Queryable, ctx: RepositoryContext, stored: Note | Encounter | undefined): Promise<void> {
  const link = stored?.groupSession;
  if (!link) return;
  const actorId = ctx.actor?.id;
  const author = stored.resourceType === 'Note' ? stored.author?.id : undefined;
  if (actorId !== undefined && (actorId === link.facilitator?.id || actorId === author)) return;
  const preferences = await loadPracticePreferences(tx, ctx.practiceId);
  if (!preferences.allowGroupNoteAdminEdit) throw refusedAccess(NOTE_MESSAGES.groupNoteFacilitatorOnly, 'groupSession');
}

/**
 * The group-session link says who facilitates (and so who may edit, above) and which notes the
 * shared-sections call rewrites, so only the group-session call writes it: a client's create or
 * update of a note or encounter keeps the stored link (none for a new one) or is refused.
 */
export function assertGroupLinkKept(stored: Note | Encounter | undefined, next: Note | Encounter): void {
  if (canonicalJson(stored?.groupSession ?? null) === canonicalJson(next.groupSession ?? null)) return;
  throw badRequest(NOTE_MESSAGES.groupSessionLink, [{ path: 'groupSession', message: NOTE_MESSAGES.groupSessionLink }]);
}
