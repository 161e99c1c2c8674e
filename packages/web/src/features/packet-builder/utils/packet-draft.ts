import {
  PACKET_DEFAULTS,
  packetIssues,
  type Packet,
  type PacketAudience,
  type PacketItem,
  type PacketItemKind,
  type QuestionnaireItem,
} from '@caseload/core';

/**
 * What the packet editor holds while a packet is assembled (docs/portal.md, "Assembling packets"):
 * the packet's own fields and its parts in order. A part is a PacketItem as stored, so fields the
 * editor does not show are kept; blank days mean the defaults.
 */
export interface PacketDraft {
  name: string;
  audience: PacketAudience;
  expiresAfterDays: number | '';
  remindDaysBefore: number | '';
  parts: PacketItem[];
}

/** A form a part may be answered through: a Questionnaire or a Form of the practice. */
export interface FormChoice {
  resourceType: 'Questionnaire' | 'Form';
  id: string;
  title: string;
}

export function draftOfPacket(packet: Packet | undefined): PacketDraft {
  return {
    name: packet?.name ?? '',
    audience: packet?.audience ?? 'Adult',
    expiresAfterDays: packet?.expiresAfterDays ?? '',
    remindDaysBefore: packet?.remindDaysBefore ?? '',
    parts: packet?.forms ?? [],
  };
}

/** A part as stored: a consent's link ids only when chosen, no consent on a part that is no consent. */
function cleanPart(part: PacketItem): PacketItem {
  const { consent, chartFields, ...rest } = part;
  const cleaned: PacketItem = { ...rest, title: part.title.trim() };
  if (part.kind === 'Consent' && consent) {
    cleaned.consent = {
      category: consent.category,
      ...(consent.recipientLinkId && { recipientLinkId: consent.recipientLinkId }),
      ...(consent.expiryLinkId && { expiryLinkId: consent.expiryLinkId }),
    };
  } else if (part.kind === 'Consent') {
    cleaned.consent = consent;
  }
  if (chartFields?.length) cleaned.chartFields = chartFields;
  return cleaned;
}

/** The fields a save writes over the stored packet; blank days are left out (the defaults apply). */
export function packetFieldsOf(draft: PacketDraft): Partial<Packet> & Record<string, unknown> {
  return {
    name: draft.name.trim(),
    audience: draft.audience,
    expiresAfterDays: draft.expiresAfterDays === '' ? undefined : draft.expiresAfterDays,
    remindDaysBefore: draft.remindDaysBefore === '' ? undefined : draft.remindDaysBefore,
    forms: draft.parts.map(cleanPart),
  };
}

const PART_FIELD_WORDS: Record<string, string> = {
  title: 'give it a title',
  form: 'choose the form it is filled in with',
  kind: 'choose whether it is a questionnaire, a consent or a document',
  required: 'say whether it is required',
  key: 'it has the same key as another part: remove it and add it again',
  'consent.category': 'choose what the consent is for',
};

/** The server's issue (its path) in the editor's words, naming the part by its place and title. */
function clearMessage(path: string, message: string, parts: readonly PacketItem[]): string {
  if (path === 'name') return 'Give the packet a name.';
  if (path === 'forms') return 'Add at least one part: a packet needs something to fill in.';
  if (path === 'audience') return 'Choose who the packet is for: an adult, or a minor through a guardian.';
  if (path === 'expiresAfterDays') return 'The link must stay usable for a whole number of days, 1 or more.';
  if (path === 'remindDaysBefore') return 'The reminder goes a whole number of days before the due date, 0 or more.';
  const match = /^forms\.(\d+)\.(.+)$/.exec(path);
  if (!match) return message;
  const index = Number(match[1]);
  const field = match[2]!;
  const title = parts[index]?.title.trim();
  const part = `Part ${index + 1}${title ? ` (${title})` : ''}`;
  const chart = /^chartFields\.(\d+)\.(field|linkId)$/.exec(field);
  if (chart) {
    const what = chart[2] === 'field' ? 'choose the chart field' : 'choose the question it is filled from';
    return `${part}, chart field ${Number(chart[1]) + 1}: ${what}.`;
  }
  return `${part}: ${PART_FIELD_WORDS[field] ?? message}.`;
}

/**
 * What is wrong with the draft, by field path (`name`, `forms.1.title`): exactly the server's
 * packet rules (core `packetIssues`, which the server's write rule runs), said for a person.
 */
export function draftIssues(draft: PacketDraft): Map<string, string> {
  const issues = new Map<string, string>();
  for (const issue of packetIssues(packetFieldsOf(draft))) {
    issues.set(issue.path ?? '', clearMessage(issue.path ?? '', issue.message, draft.parts));
  }
  return issues;
}

/** A key for a new part from its title, unique in the packet (responses name the part by it). */
export function partKey(title: string, taken: readonly PacketItem[]): string {
  const base =
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'part';
  const keys = new Set(taken.map((p) => p.key));
  if (!keys.has(base)) return base;
  let n = 2;
  while (keys.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A new part answered through `form`: a required questionnaire titled as the form, until edited. */
export function newPart(form: FormChoice, parts: readonly PacketItem[], kind: PacketItemKind = 'Questionnaire'): PacketItem {
  return {
    key: partKey(form.title, parts),
    kind,
    title: form.title,
    form: { resourceType: form.resourceType, id: form.id, display: form.title },
    required: true,
  };
}

/** The parts with the one at `from` moved to `to` (both clamped to the list); the same list when nothing moves. */
export function movePart<T>(parts: readonly T[], from: number, to: number): T[] {
  const target = Math.min(Math.max(to, 0), parts.length - 1);
  if (from < 0 || from >= parts.length || target === from) return [...parts];
  const next = [...parts];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

const UNANSWERED = new Set(['TextBlock', 'Header', 'Signature']);

/** The questions of a form a consent or chart field may be filled from (nested ones too), as select options. */
export function questionOptions(items: readonly QuestionnaireItem[] | undefined): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  const walk = (list: readonly QuestionnaireItem[]) => {
    for (const item of list) {
      if (!UNANSWERED.has(item.type)) out.push({ value: item.linkId, label: item.text ? `${item.text} (${item.linkId})` : item.linkId });
      if (item.items) walk(item.items);
    }
  };
  walk(items ?? []);
  return out;
}

/** The list's words for a packet's days: its own number, or the default said as such. */
export function daysText(days: number | undefined, fallback: keyof typeof PACKET_DEFAULTS): string {
  const value = days ?? PACKET_DEFAULTS[fallback];
  const text = `${value} ${value === 1 ? 'day' : 'days'}`;
  return days === undefined ? `${text} (default)` : text;
}
