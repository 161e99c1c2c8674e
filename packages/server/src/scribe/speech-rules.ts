import {
  applySpeechRules,
  badRequest,
  forbidden,
  getResourceType,
  spokenKey,
  type Reference,
  type Resource,
  type SpeechRuleEntry,
  type TranscriptSegment,
} from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import type { BeforeWrite } from '../storage/resource-hooks.ts';
import { SystemReader } from '../storage/system-reader.ts';

export const SPEECH_RULE_TEMPLATE = getResourceType('SpeechRuleTemplate')!;

type StoredRule = Resource & SpeechRuleEntry & { scope?: 'practice' | 'personal'; author?: Reference };

const refuse = (path: string, message: string) => badRequest(message, [{ path, message }]);

/**
 * SpeechRule and SpeechRuleTemplate (docs/scribe.md, "Dictation and speech rules"): `spoken`
 * (the words, 1 to 200 characters), `written` (up to 500, may be only a line break), `active`.
 * A SpeechRule is the practice's (`scope: practice`) or its author's (`scope: personal`); the
 * server sets a personal rule's author to whoever creates it, and only that user may change it.
 */
export const speechRuleRules: BeforeWrite = async (_tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) {
    if (previous?.scope === 'personal' && !sameRef(previous.author as Reference | undefined, ctx.actor)) throw notTheirs();
    return;
  }
  const body = resource as unknown as Record<string, unknown>;
  if (typeof body.spoken !== 'string' || spokenKey(body.spoken) === '' || body.spoken.length > 200)
    throw refuse('spoken', 'spoken must be the words said, 1 to 200 characters.');
  if (typeof body.written !== 'string' || body.written.length > 500)
    throw refuse('written', 'written must be text of at most 500 characters.');
  if (body.active !== undefined && typeof body.active !== 'boolean') throw refuse('active', 'active must be true or false.');
  if (resource.resourceType !== 'SpeechRule') return;
  const scope = body.scope ?? 'practice';
  if (scope !== 'practice' && scope !== 'personal') throw refuse('scope', 'scope must be practice or personal.');
  body.scope = scope;
  if (previous && previous.scope !== scope) throw refuse('scope', 'A rule cannot change between practice and personal.');
  if (scope === 'personal') {
    const author = (previous?.author as Reference | undefined) ?? ctx.actor;
    if (previous && !sameRef(author, ctx.actor)) throw notTheirs();
    body.author = author && { resourceType: author.resourceType, id: author.id };
  } else delete body.author;
};

const notTheirs = () => forbidden("A personal speech rule is its author's own.");
const sameRef = (a: Reference | undefined, b: Reference | undefined) => !!a && !!b && a.resourceType === b.resourceType && a.id === b.id;

const entry = (rule: StoredRule): SpeechRuleEntry => ({
  spoken: rule.spoken,
  written: rule.written,
  ...(rule.active !== undefined && { active: rule.active }),
});

/**
 * Rewrites a dictation's segments by the rules of its practice and of the clinician who asked:
 * personal over practice over the global templates (`applySpeechRules`).
 */
export async function applyDictationRules(
  db: Queryable,
  practiceId: string,
  dictatedBy: Reference | undefined,
  segments: TranscriptSegment[],
): Promise<TranscriptSegment[]> {
  const reader = new SystemReader(db, practiceId);
  const templates = await reader.list<StoredRule>(SPEECH_RULE_TEMPLATE);
  const rules = await reader.list<StoredRule>('SpeechRule');
  const levels = {
    templates: templates.map(entry),
    practice: rules.filter((r) => r.scope !== 'personal').map(entry),
    personal: rules.filter((r) => r.scope === 'personal' && sameRef(r.author, dictatedBy)).map(entry),
  };
  return segments.map((segment) => ({ ...segment, text: applySpeechRules(segment.text, levels) }));
}
