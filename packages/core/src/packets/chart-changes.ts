import { canonicalJson } from '../questionnaires/signatures.ts';
import type { Answers } from '../questionnaires/types.ts';
import type { Address, ContactPoint, Coverage, Patient, RelatedPerson } from '../people/types.ts';
import type { Packet, PacketChartField } from './types.ts';

/** Which record a chart field belongs to. */
export type ChartRecordType = 'Patient' | 'RelatedPerson' | 'Coverage';

export const chartRecordOf = (field: PacketChartField): ChartRecordType => field.split('.')[0] as ChartRecordType;

/** One answer that would change the chart, beside what the chart holds now. */
export interface ProposedChange {
  item: string;
  linkId: string;
  field: PacketChartField;
  current: unknown;
  proposed: unknown;
  /** True when the chart already holds the answer: nothing to accept. */
  same: boolean;
}

/** The records a review compares answers with; a guardian and a coverage may be absent. */
export interface ChartRecords {
  Patient: Patient;
  RelatedPerson?: RelatedPerson;
  Coverage?: Coverage;
}

/** The fields the chart fields read, on whichever record holds them. */
interface ChartFieldsRecord {
  addresses?: Address[];
  telecom?: ContactPoint[];
  email?: string;
  payor?: Coverage['payor'];
  memberId?: string;
  groupNumber?: string;
}

const attribute = (field: PacketChartField) => field.split('.')[1]!;

/** A phone or e-mail answer as text: questions may be String or ContactPoint. */
function contactText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (value && typeof value === 'object' && typeof (value as ContactPoint).value === 'string') return (value as ContactPoint).value;
  return undefined;
}

function firstContact(telecom: readonly ContactPoint[] | undefined, system: 'Phone' | 'Email'): string | undefined {
  return telecom?.find((c) => c.system === system)?.value;
}

/** The value a chart field holds now, in the shape its answer has. */
export function currentValue(field: PacketChartField, records: ChartRecords): unknown {
  const record = records[chartRecordOf(field)] as ChartFieldsRecord | undefined;
  if (!record) return undefined;
  switch (attribute(field)) {
    case 'address':
      return record.addresses?.find((a) => a.use === 'Home') ?? record.addresses?.[0];
    case 'phone':
      return firstContact(record.telecom, 'Phone');
    case 'email':
      return firstContact(record.telecom, 'Email') ?? record.email;
    case 'payor':
      return record.payor?.name;
    case 'memberId':
      return record.memberId;
    default:
      return record.groupNumber;
  }
}

/** The answer normalised to the value the field takes. */
export function proposedValue(field: PacketChartField, answer: unknown): unknown {
  const name = attribute(field);
  if (name === 'address') return answer && typeof answer === 'object' ? { use: 'Home', ...(answer as Address) } : undefined;
  if (name === 'phone' || name === 'email') return contactText(answer);
  return typeof answer === 'string' && answer.trim() ? answer.trim() : undefined;
}

/**
 * Every answer of a packet that names a chart field, with the chart's current value: what a
 * reviewer is shown, one row each, to accept or leave. Unanswered questions propose nothing.
 */
export function proposedChanges(
  packet: Pick<Packet, 'forms'>,
  answersByItem: Record<string, Answers>,
  records: ChartRecords,
): ProposedChange[] {
  const changes: ProposedChange[] = [];
  for (const item of packet.forms) {
    for (const link of item.chartFields ?? []) {
      const proposed = proposedValue(link.field, answersByItem[item.key]?.[link.linkId]);
      if (proposed === undefined) continue;
      const current = currentValue(link.field, records);
      const same = current !== undefined && canonicalJson(current) === canonicalJson(proposed);
      changes.push({ item: item.key, linkId: link.linkId, field: link.field, current, proposed, same });
    }
  }
  return changes;
}

/** Replaces the first contact of a system (keeping its use and rank), or adds one. */
function withContact(telecom: readonly ContactPoint[] | undefined, system: 'Phone' | 'Email', value: string): ContactPoint[] {
  const list = [...(telecom ?? [])];
  const at = list.findIndex((c) => c.system === system);
  if (at >= 0) list[at] = { ...list[at]!, value };
  else list.push({ system, use: system === 'Phone' ? 'Mobile' : 'Home', value });
  return list;
}

/** Replaces the home address (or the first), or adds one. */
function withAddress(addresses: readonly Address[] | undefined, address: Address): Address[] {
  const list = [...(addresses ?? [])];
  const at = list.findIndex((a) => a.use === 'Home');
  if (at >= 0) list[at] = address;
  else if (list.length > 0) list[0] = address;
  else list.push(address);
  return list;
}

/** The record's fields with one accepted answer applied. */
export function applyChange(field: PacketChartField, record: Record<string, unknown>, value: unknown): Record<string, unknown> {
  switch (attribute(field)) {
    case 'address':
      return { ...record, addresses: withAddress(record.addresses as Address[] | undefined, value as Address) };
    case 'phone':
      return { ...record, telecom: withContact(record.telecom as ContactPoint[] | undefined, 'Phone', value as string) };
    case 'email':
      return { ...record, telecom: withContact(record.telecom as ContactPoint[] | undefined, 'Email', value as string) };
    case 'payor': {
      const payor = (record.payor as Coverage['payor'] | undefined) ?? { name: '' };
      return { ...record, payor: { ...payor, name: value as string } };
    }
    case 'memberId':
      return { ...record, memberId: value };
    default:
      return { ...record, groupNumber: value };
  }
}
