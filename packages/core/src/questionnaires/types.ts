import type { Calculations, DisplayVariant, Intent, Logics, NoteCompletions, PublishingStatus, QuestionType } from '../enums.ts';
import type { Address, ContactPoint } from '../people/types.ts';
import type { Reference, Resource } from '../resources/resource.ts';

/**
 * The forms engine's model (issue 6, docs/forms.md). A Questionnaire is a versioned definition of
 * items; a QuestionnaireResponse holds one person's answers to one version of it. A Form is the
 * same shape with `resourceType: 'Form'` (forms are questionnaires used as note sections, packets
 * and compliance reviews), so one engine validates, scores and renders both.
 */

export type Calculation = (typeof Calculations)[number];
export type Logic = (typeof Logics)[number];
export type ResponseCompletion = (typeof NoteCompletions)[number];

/** The comparison of one enableWhen condition; `exists` tests whether the question is answered. */
export const ENABLE_WHEN_OPERATORS = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;
export type EnableWhenOperator = (typeof ENABLE_WHEN_OPERATORS)[number];

/** One condition on another question's answer. */
export interface EnableWhen {
  /** The linkId of the question whose answer is tested. */
  question: string;
  operator: EnableWhenOperator;
  /** The value compared with (for `exists`: true = answered, false = unanswered). */
  answer?: AnswerPrimitive;
}

/** One choice of a Choice, OpenChoice, TextChoice, Ranking or Dropdown question, or a Grid row. */
export interface AnswerOption {
  /** What a Choice answer stores. */
  code: string;
  /** What people see (and what a TextChoice answer stores). */
  display: string;
  /** The option's points when the questionnaire is scored (PHQ-9: 0 to 3). */
  score?: number;
}

/** A calculated item's value: `kind` applied to the answers of `sources` (linkIds). */
export interface ItemCalculation {
  kind: Calculation;
  sources: string[];
}

/** Columns and source of a TableReport item (a read-only table computed from the chart). */
export interface TableReportDefinition {
  /** The collection the rows come from, e.g. `Observations`. */
  source: string;
  columns: { key: string; label: string }[];
}

/**
 * One item of a questionnaire: a question, a display element (Header, TextBlock) or a group
 * (a Header with nested `items`). linkIds are unique across the whole questionnaire, so answers
 * are a flat map by linkId whatever the nesting.
 */
export interface QuestionnaireItem {
  /** Letters, digits, `_` and `-` (no dots: answers and issue paths are dotted). */
  linkId: string;
  type: QuestionType;
  variant?: DisplayVariant;
  /** The question, heading or block text (markdown when the variant is FormattedText). */
  text?: string;
  /** A hint under the question. */
  help?: string;
  required?: boolean;
  /** The answer is a list of values of the type. */
  repeats?: boolean;
  readOnly?: boolean;
  answerOptions?: AnswerOption[];
  /** Numbers: smallest and largest value. Date/DateTime/Time: earliest and latest (same format). */
  min?: number | string;
  max?: number | string;
  /** Slider step. */
  step?: number;
  minLength?: number;
  maxLength?: number;
  /** A regular expression the whole String/Text answer must match (checked when publishing). */
  pattern?: string;
  /** Repeating answers: fewest and most entries. */
  minItems?: number;
  maxItems?: number;
  /** The value a new response starts with. */
  initial?: AnswerValue;
  /** Children of a Header (a group), or the columns of a Grid (each a question template). */
  items?: QuestionnaireItem[];
  /** A Grid's rows. */
  rows?: AnswerOption[];
  enableWhen?: EnableWhen[];
  /** How the enableWhen conditions combine; And when absent. */
  enableBehavior?: Logic;
  calculation?: ItemCalculation;
  /** EhrLookup: which resource types may be picked (any when absent). */
  lookupTypes?: string[];
  /** TableReport: where its rows come from. */
  report?: TableReportDefinition;
}

/** A score band of a scored assessment (PHQ-9 10 to 14: Moderate). */
export interface ScoreBand {
  code: string;
  label: string;
  /** Inclusive bounds of the total. */
  min: number;
  max: number;
  /** How a chart or badge shows it: a design-system intent. */
  intent: Intent;
}

/** How a questionnaire is scored: the sum of its scored items' option scores, then a band. */
export interface ScoringDefinition {
  method: 'Sum';
  /** The linkIds whose option scores count (items not listed, like PHQ-9's item 10, do not). */
  items: string[];
  bands: ScoreBand[];
  /** The highest possible total (PHQ-9 27, GAD-7 21), for charts. */
  maxScore: number;
  /** Answers that need a clinician's attention whatever the total (PHQ-9 item 9 above 0). */
  alerts?: { linkId: string; minScore: number; message: string }[];
}

/**
 * A questionnaire or form definition. `status` is the publishing state (only Active ones can be
 * answered); `version` counts published editions and `publishedVersionId` is the meta.versionId
 * of the newest Active version while a newer Draft is being edited (both are server-owned).
 */
export interface Questionnaire extends Resource {
  resourceType: 'Questionnaire' | 'Form';
  status: PublishingStatus;
  title: string;
  description?: string;
  items: QuestionnaireItem[];
  version?: number;
  publishedVersionId?: string;
  scoring?: ScoringDefinition;
  /** Set on the definitions Caseload ships (PHQ-9, GAD-7). */
  builtIn?: boolean;
  /** Published citation or licence of a built-in instrument. */
  copyright?: string;
}

/** A questionnaire as written before it is stored (no meta yet): how built-ins are defined. */
export type QuestionnaireDefinition = Pick<
  Questionnaire,
  'id' | 'resourceType' | 'display' | 'title' | 'description' | 'status' | 'items' | 'scoring' | 'builtIn' | 'copyright'
>;

/** A name entered as last and first (the LastFirstName variant). */
export interface LastFirstName {
  family: string;
  given: string;
}

/** One row of a ServiceEvents table: a service the patient received. */
export interface ServiceEventRow {
  /** yyyy-MM-dd */
  date: string;
  service?: Reference;
  practitioner?: Reference;
  /** hours:minutes:seconds */
  duration?: string;
  status?: string;
  encounter?: Reference;
}

/** The snapshot of a TableReport or ServiceEvents table as it was when the response was saved. */
export interface ComputedTable<Row = Record<string, string | number | boolean | null>> {
  generatedAt: string;
  rows: Row[];
}

/** A Grid answer: row code → column linkId → that column's answer. */
export interface GridAnswer {
  [row: string]: { [column: string]: AnswerValue };
}

export type AnswerPrimitive = string | number | boolean;

/** Every answer value one question can hold (docs/forms.md lists which type holds which). */
export type AnswerValue =
  | AnswerPrimitive
  | AnswerPrimitive[]
  | Reference
  | Reference[]
  | ContactPoint
  | ContactPoint[]
  | Address
  | Address[]
  | LastFirstName
  | GridAnswer
  | ComputedTable
  | ComputedTable<ServiceEventRow>;

/** Answers by linkId. */
export type Answers = Record<string, unknown>;

/** The kind of signer a Signature question asks for (its display variant). */
export type SignerRole = 'Practitioner' | 'RelatedPerson' | 'AdhocPatient';

/**
 * A drawn signature: the image is content (a Media resource holding the PNG), with who signed,
 * when, and the sha-256 of the answers they signed. A later change to those answers voids it.
 */
export interface ResponseSignature {
  /** The Signature question it answers (absent: it signs the whole response). */
  linkId?: string;
  signer: Reference;
  role: SignerRole;
  /** UTC timestamp. */
  signedAt: string;
  /** The Media holding the drawn image. */
  image: Reference;
  /** Hex sha-256 of the signed answers (hashAnswers). */
  answersHash: string;
  /** Set by the server when a signed answer changed. */
  voided?: boolean;
  voidedAt?: string;
  /** The device it was drawn on, as the signer's browser describes itself. */
  device?: string;
  /** Set by the server: the version of the questionnaire (the document) signed. */
  questionnaireVersion?: string;
}

/** A computed score of a scored assessment, stored on the response by the server. */
export interface ResponseScore {
  total: number;
  maxScore: number;
  band?: ScoreBand;
  /** How many scored items were answered; a total of a partial response is not banded. */
  answered: number;
  scoredItems: number;
  /** The messages of the scoring's alerts that fired. */
  alerts?: string[];
}

/**
 * Where a response recorded from a note came from: the note (with the version whose answers it
 * holds) and the section, or the Form element of a Form section, that holds the answers.
 */
export interface ResponseSource {
  note: Reference;
  section: string;
  element?: string;
}

/** One person's answers to one version of a questionnaire. */
export interface QuestionnaireResponse extends Resource {
  resourceType: 'QuestionnaireResponse';
  /** The patient (the partition). */
  partition: string;
  /** The questionnaire (or Form) and the `versionId` of the version answered. */
  questionnaire: Reference;
  subject?: Reference;
  encounter?: Reference;
  author?: Reference;
  /** UTC timestamp of the last change to the answers. */
  authored?: string;
  completion: ResponseCompletion;
  answers: Answers;
  signatures?: ResponseSignature[];
  /** Server-computed for scored questionnaires. */
  score?: ResponseScore;
  /**
   * Server-owned: set on the response a signed note's assessment section records (docs/forms.md,
   * "Assessments in notes"); such a response changes only with its note.
   */
  derivedFrom?: ResponseSource;
  /** Server-owned: the packet response this response is an item of (set when the packet is sent). */
  packetResponse?: Reference;
}

/** One problem with an answer: `path` is the linkId (then `.index`, `.row.column` or `.field`). */
export interface ResponseIssue {
  path: string;
  message: string;
}
