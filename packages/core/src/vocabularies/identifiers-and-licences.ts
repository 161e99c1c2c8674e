import { vocabulary } from './vocabulary.ts';

/**
 * The identifier types a behavioural-health practice records for patients, staff and payers: the
 * subset of HL7 v2 table 0203 that applies, with HL7's names. MR is the practice's medical record
 * number, kept in step with `Patient.mrn` by the server.
 */
export const IDENTIFIER_TYPES = vocabulary('http://terminology.hl7.org/CodeSystem/v2-0203', [
  ['MR', 'Medical record number'],
  ['MRT', 'Temporary Medical Record Number'],
  ['PI', 'Patient internal identifier'],
  ['PT', 'Patient external identifier'],
  ['SS', 'Social Security number'],
  ['DL', "Driver's license number"],
  ['PPN', 'Passport number'],
  ['SR', 'State registry ID'],
  ['MA', 'Patient Medicaid number'],
  ['MC', "Patient's Medicare number"],
  ['MB', 'Member Number'],
  ['SN', 'Subscriber Number'],
  ['AN', 'Account number'],
  ['NPI', 'National provider identifier'],
  ['MCD', 'Practitioner Medicaid number'],
  ['MCR', 'Practitioner Medicare number'],
  ['DEA', 'Drug Enforcement Administration registration number'],
  ['LN', 'License number'],
  ['EN', 'Employer number'],
  ['TAX', 'Tax ID number'],
  ['XX', 'Organization identifier'],
  ['U', 'Unspecified identifier'],
]);

/**
 * Licences and certifications of behavioural-health staff (US state boards and national
 * certification bodies). Codes are the credential abbreviations staff sign with; there is no
 * national code system for them, so the system is ours.
 */
export const LICENCE_TYPES = vocabulary('urn:caseload:licence-type', [
  ['LCSW', 'Licensed Clinical Social Worker'],
  ['LICSW', 'Licensed Independent Clinical Social Worker'],
  ['LMSW', 'Licensed Master Social Worker'],
  ['LSW', 'Licensed Social Worker'],
  ['LPC', 'Licensed Professional Counselor'],
  ['LPCC', 'Licensed Professional Clinical Counselor'],
  ['LMHC', 'Licensed Mental Health Counselor'],
  ['LMFT', 'Licensed Marriage and Family Therapist'],
  ['LCADC', 'Licensed Clinical Alcohol and Drug Counselor'],
  ['LADC', 'Licensed Alcohol and Drug Counselor'],
  ['CADC', 'Certified Alcohol and Drug Counselor'],
  ['CASAC', 'Credentialed Alcoholism and Substance Abuse Counselor'],
  ['PsyD', 'Licensed Psychologist (Doctor of Psychology)'],
  ['PhD', 'Licensed Psychologist (Doctor of Philosophy)'],
  ['LPA', 'Licensed Psychological Associate'],
  ['MD', 'Physician (Doctor of Medicine)'],
  ['DO', 'Physician (Doctor of Osteopathic Medicine)'],
  ['PMHNP', 'Psychiatric-Mental Health Nurse Practitioner'],
  ['NP', 'Nurse Practitioner'],
  ['APRN', 'Advanced Practice Registered Nurse'],
  ['PA', 'Physician Assistant'],
  ['RN', 'Registered Nurse'],
  ['LPN', 'Licensed Practical Nurse'],
  ['BCBA', 'Board Certified Behavior Analyst'],
  ['BCaBA', 'Board Certified Assistant Behavior Analyst'],
  ['LBA', 'Licensed Behavior Analyst'],
  ['RBT', 'Registered Behavior Technician'],
  ['CPRS', 'Certified Peer Recovery Specialist'],
  ['CPS', 'Certified Peer Specialist'],
  ['QMHP', 'Qualified Mental Health Professional'],
]);
