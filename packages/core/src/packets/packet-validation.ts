import type { Issue } from '../errors/app-error.ts';
import { PACKET_AUDIENCES, PACKET_CHART_FIELDS, PACKET_CONSENT_CATEGORIES, PACKET_ITEM_KINDS, type Packet } from './types.ts';
import { PACKET_MESSAGES } from './packet-messages.ts';

const QUESTIONNAIRE_TYPES = ['Questionnaire', 'Form'];

const isWholeAtLeast = (value: unknown, least: number) => Number.isInteger(value) && (value as number) >= least;

/** Everything wrong with a packet's configuration, as issues naming the field. */
export function packetIssues(packet: Partial<Packet>): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (typeof packet.name !== 'string' || !packet.name.trim()) add('name', 'name is a required field');
  if (packet.audience !== undefined && !PACKET_AUDIENCES.includes(packet.audience)) {
    add('audience', `audience must be one of ${PACKET_AUDIENCES.join(', ')}`);
  }
  // Both are counted in whole days from sending or before the due date: a fraction has no meaning.
  if (packet.expiresAfterDays !== undefined && !isWholeAtLeast(packet.expiresAfterDays, 1)) {
    add('expiresAfterDays', 'expiresAfterDays must be a whole number of days, 1 or more');
  }
  if (packet.remindDaysBefore !== undefined && !isWholeAtLeast(packet.remindDaysBefore, 0)) {
    add('remindDaysBefore', 'remindDaysBefore must be a whole number of days, 0 or more');
  }
  if (!Array.isArray(packet.forms) || packet.forms.length === 0) {
    add('forms', PACKET_MESSAGES.noItems);
    return issues;
  }
  const keys = new Set<string>();
  packet.forms.forEach((item, i) => {
    const at = `forms.${i}`;
    if (typeof item?.key !== 'string' || !item.key) add(`${at}.key`, `${at}.key is a required field`);
    else if (keys.has(item.key)) add(`${at}.key`, `${at}.key must be unique in the packet`);
    else keys.add(item.key);
    if (!PACKET_ITEM_KINDS.includes(item?.kind)) add(`${at}.kind`, `${at}.kind must be one of ${PACKET_ITEM_KINDS.join(', ')}`);
    if (typeof item?.title !== 'string' || !item.title.trim()) add(`${at}.title`, `${at}.title is a required field`);
    if (typeof item?.form?.id !== 'string' || !QUESTIONNAIRE_TYPES.includes(item.form.resourceType)) {
      add(`${at}.form`, `${at}.form must name a Questionnaire or Form`);
    }
    if (typeof item?.required !== 'boolean') add(`${at}.required`, `${at}.required must be true or false`);
    if (item?.kind === 'Consent' && !PACKET_CONSENT_CATEGORIES.includes(item.consent?.category as never)) {
      add(`${at}.consent.category`, `${at}.consent.category must be one of ${PACKET_CONSENT_CATEGORIES.join(', ')}`);
    }
    (item?.chartFields ?? []).forEach((link, j) => {
      if (!PACKET_CHART_FIELDS.includes(link?.field))
        add(`${at}.chartFields.${j}.field`, `${at}.chartFields.${j}.field is not a chart field`);
      if (typeof link?.linkId !== 'string' || !link.linkId)
        add(`${at}.chartFields.${j}.linkId`, `${at}.chartFields.${j}.linkId is required`);
    });
  });
  return issues;
}
