import type { Reference, Resource } from '../resources/resource.ts';

/**
 * Packets (docs/portal.md, "Packets"): an ordered bundle of questionnaires, consents and documents
 * to read that a practice sends to a patient, or to a minor's guardian, with a due date.
 */

/** What an item of a packet is; every item is answered through a questionnaire (or Form). */
export const PACKET_ITEM_KINDS = ['Questionnaire', 'Consent', 'Document'] as const;
export type PacketItemKind = (typeof PACKET_ITEM_KINDS)[number];

/** Whom a packet is sent to: the patient themselves, or a guardian of a minor. */
export const PACKET_AUDIENCES = ['Adult', 'Minor'] as const;
export type PacketAudience = (typeof PACKET_AUDIENCES)[number];

/** A packet response's progress. */
export const PACKET_STATUSES = ['NotStarted', 'InProgress', 'Submitted', 'Reviewed'] as const;
export type PacketStatus = (typeof PACKET_STATUSES)[number];

/** The consent categories (vocabularies CONSENT_CATEGORIES) a consent item may give. */
export const PACKET_CONSENT_CATEGORIES = ['treatment', 'minor-treatment', 'release-of-information', 'telehealth', 'recording'] as const;
export type PacketConsentCategory = (typeof PACKET_CONSENT_CATEGORIES)[number];

/**
 * Chart fields an answer may propose to change; staff accept each one at review (never silently).
 * `Patient.*` is the patient's record, `RelatedPerson.*` the guardian who answered, `Coverage.*`
 * the patient's primary coverage (made when there is none).
 */
export const PACKET_CHART_FIELDS = [
  'Patient.address',
  'Patient.phone',
  'Patient.email',
  'RelatedPerson.address',
  'RelatedPerson.phone',
  'RelatedPerson.email',
  'Coverage.payor',
  'Coverage.memberId',
  'Coverage.groupNumber',
] as const;
export type PacketChartField = (typeof PACKET_CHART_FIELDS)[number];

/** A question whose answer proposes a chart change. */
export interface PacketChartLink {
  linkId: string;
  field: PacketChartField;
}

/** The consent an item gives when the packet is submitted. */
export interface PacketConsentSpec {
  category: PacketConsentCategory;
  /** A release of information: the question naming who may receive it. */
  recipientLinkId?: string;
  /** The question giving the day the consent ends (a release of information's expiry). */
  expiryLinkId?: string;
}

/** One item of a packet, in the order the patient meets them. */
export interface PacketItem {
  /** Stable within the packet: responses, issues and accepted changes name the item by it. */
  key: string;
  kind: PacketItemKind;
  title: string;
  /** The Questionnaire (or Form) answered for this item. */
  form: Reference;
  /** A required item must be answered (and signed, where it asks for a signature) before submitting. */
  required: boolean;
  consent?: PacketConsentSpec;
  chartFields?: PacketChartLink[];
}

/** A practice's packet: configuration, read by the portal logins it is sent to. */
export interface Packet extends Resource {
  resourceType: 'Packet';
  name: string;
  description?: string;
  program?: Reference;
  serviceType?: Reference;
  /** Sent to the patient themselves, or to a guardian of a minor. */
  audience?: PacketAudience;
  forms: PacketItem[];
  /** Days a sent link stays usable (default PACKET_DEFAULTS.expiresAfterDays). */
  expiresAfterDays?: number;
  /** Days before the due date a reminder is e-mailed (default PACKET_DEFAULTS.remindDaysBefore). */
  remindDaysBefore?: number;
  active?: boolean;
}

/** The response to one item of a packet. */
export interface PacketItemResponse {
  item: string;
  response: Reference;
}

/** A chart change a reviewer accepted: which answer went into which record's field, by whom and when. */
export interface AcceptedChange {
  item: string;
  linkId: string;
  field: PacketChartField;
  target: Reference;
  at: string;
  by: Reference;
}

/**
 * A packet sent to one person about one patient (patient-partitioned). Every field but the
 * patient's answers (which live in its QuestionnaireResponses) is the server's: the packet calls
 * write it, never a client's PUT.
 */
export interface PacketResponse extends Resource {
  resourceType: 'PacketResponse';
  partition: string;
  packet: Reference;
  subject: Reference;
  /** Who fills it in: the patient, or a guardian (RelatedPerson). */
  recipient: Reference;
  status: PacketStatus;
  /** yyyy-MM-dd */
  dueDate: string;
  /** When the link stops working: after it, answers and submission are refused until it is re-sent. */
  expiresAt: string;
  sentAt: string;
  sentBy?: Reference;
  /** The e-mail address the last link went to, if one was sent. */
  sentTo?: string;
  sendCount: number;
  remindedAt?: string;
  responses: PacketItemResponse[];
  startedAt?: string;
  submittedAt?: string;
  submittedBy?: Reference;
  consents?: Reference[];
  reviewedAt?: string;
  reviewedBy?: Reference;
  accepted?: AcceptedChange[];
}

export const PACKET_DEFAULTS = { expiresAfterDays: 30, remindDaysBefore: 2 } as const;
