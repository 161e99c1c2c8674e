import { ReportTypes } from '../enums.ts';
import { vocabulary, type Vocabulary } from './vocabulary.ts';

/**
 * The roles a member plays on a patient's care team. There is no national list that fits
 * behavioural health, so the codes are ours (docs/vocabularies.md).
 */
export const CARE_TEAM_ROLES = vocabulary('urn:caseload:care-team-role', [
  ['primary-clinician', 'Primary clinician'],
  ['therapist', 'Therapist'],
  ['psychiatrist', 'Psychiatrist'],
  ['prescriber', 'Prescriber'],
  ['psychologist', 'Psychologist'],
  ['case-manager', 'Case manager'],
  ['care-coordinator', 'Care coordinator'],
  ['supervisor', 'Clinical supervisor'],
  ['peer-support', 'Peer support specialist'],
  ['nurse', 'Nurse'],
  ['substance-use-counselor', 'Substance use counselor'],
  ['behavior-analyst', 'Behavior analyst'],
  ['family-therapist', 'Family therapist'],
  ['primary-care', 'Primary care provider'],
  ['intake-coordinator', 'Intake coordinator'],
  ['other', 'Other'],
]);

/** What a communication (a message, call or letter to or about a patient) is about. */
export const COMMUNICATION_TOPICS = vocabulary('urn:caseload:communication-topic', [
  ['appointment-reminder', 'Appointment reminder'],
  ['appointment-scheduling', 'Appointment scheduling'],
  ['care-coordination', 'Care coordination'],
  ['treatment-plan', 'Treatment plan'],
  ['medication', 'Medication'],
  ['prescription-refill', 'Prescription refill'],
  ['test-results', 'Test results'],
  ['referral', 'Referral'],
  ['crisis', 'Crisis follow-up'],
  ['forms-and-documents', 'Forms and documents'],
  ['records-request', 'Records request'],
  ['billing', 'Billing'],
  ['insurance', 'Insurance'],
  ['portal-access', 'Portal access'],
  ['general', 'General'],
]);

const REPORT_TYPE_NAMES: Record<(typeof ReportTypes)[number], string> = {
  PatientAccess: 'Patient access',
  PatientServiceUsage: 'Patient service usage',
  RecommendationSummary: 'Recommendation summary',
  SignedNotes: 'Signed notes',
  StaffServiceUsage: 'Staff service usage',
  SyncIssues: 'Sync issues',
  UnsignedNotes: 'Unsigned notes',
  UnsignedNoteReminder: 'Unsigned note reminder',
  AuditSummary: 'Audit summary',
  VirtualScribe: 'Virtual scribe',
};

/** Display names of the report types of SPEC.md section 9; the codes are the core `ReportTypes`. */
export const REPORT_TYPES: Vocabulary = {
  system: 'urn:caseload:report-type',
  concepts: ReportTypes.map((code) => ({ code, display: REPORT_TYPE_NAMES[code] })),
};

/**
 * Where a record came from when it was not written in Caseload: two external record systems a
 * practice migrates from or syncs with, and the telehealth platform (docs/vocabularies.md).
 */
export const SYSTEMS_OF_ORIGIN = vocabulary('urn:caseload:system-of-origin', [
  ['meridian-ehr', 'Meridian EHR'],
  ['harbor-practice', 'Harbor Practice Manager'],
  ['telehealth', 'Telehealth'],
]);

/** What a document in a chart is (docs/portal.md, "Documents"). */
export const DOCUMENT_CATEGORIES = vocabulary('urn:caseload:document-category', [
  ['letter', 'Letter'],
  ['treatment-summary', 'Treatment summary'],
  ['consent-copy', 'Consent copy'],
  ['safety-plan', 'Safety plan'],
  ['other', 'Other'],
]);

/** Kinds of consent a behavioural-health practice records (docs/vocabularies.md). */
export const CONSENT_CATEGORIES = vocabulary('urn:caseload:consent-category', [
  ['treatment', 'Consent to treatment'],
  ['minor-treatment', 'Consent to treatment of a minor'],
  ['telehealth', 'Telehealth consent'],
  ['release-of-information', 'Release of information'],
  ['part2-disclosure', '42 CFR Part 2 substance use disclosure'],
  ['privacy-notice', 'Acknowledgement of notice of privacy practices'],
  ['psychotropic-medication', 'Psychotropic medication consent'],
  ['recording', 'Audio or video recording consent'],
  ['electronic-communication', 'Consent to electronic communication'],
  ['financial-responsibility', 'Financial responsibility agreement'],
  ['advance-directive', 'Psychiatric advance directive'],
  ['research', 'Research participation'],
]);

/**
 * Common allergens: drugs (by class or ingredient), foods and environmental substances. Codes are
 * ours; a later issue may map them to RxNorm and SNOMED CT (docs/vocabularies.md).
 */
export const ALLERGY_SUBSTANCES = vocabulary(
  'urn:caseload:allergy-substance',
  [
    ['penicillin', 'Penicillin'],
    ['amoxicillin', 'Amoxicillin'],
    ['cephalosporins', 'Cephalosporins'],
    ['sulfonamides', 'Sulfonamide antibiotics (sulfa drugs)'],
    ['macrolides', 'Macrolide antibiotics'],
    ['fluoroquinolones', 'Fluoroquinolone antibiotics'],
    ['tetracyclines', 'Tetracyclines'],
    ['aspirin', 'Aspirin'],
    ['nsaids', 'Nonsteroidal anti-inflammatory drugs (NSAIDs)'],
    ['ibuprofen', 'Ibuprofen'],
    ['codeine', 'Codeine'],
    ['morphine', 'Morphine'],
    ['opioids', 'Opioid analgesics'],
    ['carbamazepine', 'Carbamazepine'],
    ['lamotrigine', 'Lamotrigine'],
    ['phenytoin', 'Phenytoin'],
    ['valproate', 'Valproate'],
    ['lithium', 'Lithium'],
    ['haloperidol', 'Haloperidol'],
    ['chlorpromazine', 'Chlorpromazine'],
    ['benzodiazepines', 'Benzodiazepines'],
    ['bupropion', 'Bupropion'],
    ['ssris', 'Selective serotonin reuptake inhibitors (SSRIs)'],
    ['local-anesthetics', 'Local anesthetics'],
    ['iodinated-contrast', 'Iodinated contrast media'],
    ['insulin', 'Insulin'],
    ['ace-inhibitors', 'ACE inhibitors'],
    ['statins', 'Statins'],
    ['peanut', 'Peanut'],
    ['tree-nuts', 'Tree nuts'],
    ['milk', 'Milk'],
    ['egg', 'Egg'],
    ['wheat', 'Wheat'],
    ['soy', 'Soy'],
    ['fish', 'Fish'],
    ['shellfish', 'Shellfish'],
    ['sesame', 'Sesame'],
    ['gluten', 'Gluten'],
    ['latex', 'Latex'],
    ['bee-venom', 'Bee venom'],
    ['wasp-venom', 'Wasp venom'],
    ['pollen', 'Pollen'],
    ['dust-mites', 'Dust mites'],
    ['mold', 'Mold'],
    ['cat-dander', 'Cat dander'],
    ['dog-dander', 'Dog dander'],
    ['adhesive-tape', 'Adhesive tape'],
    ['nickel', 'Nickel'],
    ['fragrance', 'Fragrance'],
  ],
  [
    // HL7 null flavour OTH: a substance not on the list, written in. Its coding keeps code OTH and
    // carries the typed name as its display (the chart's allergy form, docs/patients.md).
    { code: 'OTH', display: 'Other', system: 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor' },
  ],
);
