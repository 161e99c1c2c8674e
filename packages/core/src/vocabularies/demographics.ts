import { vocabulary, type Concept } from './vocabulary.ts';

const NULL_FLAVOR = 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor';
const SNOMED = 'http://snomed.info/sct';

/** HL7 null flavours used where a patient was asked and declined, or the answer is not known. */
const declined = (display = 'Asked but declined'): Concept => ({ code: 'ASKU', display, system: NULL_FLAVOR });
const unknown: Concept = { code: 'UNK', display: 'Unknown', system: NULL_FLAVOR };

/**
 * Race: the five OMB minimum categories and "Other Race" from the CDC Race & Ethnicity code
 * system (PHIN VADS 2.16.840.1.113883.6.238), plus declined and unknown (USCDI).
 */
export const RACES = vocabulary(
  'urn:oid:2.16.840.1.113883.6.238',
  [
    ['1002-5', 'American Indian or Alaska Native'],
    ['2028-9', 'Asian'],
    ['2054-5', 'Black or African American'],
    ['2076-8', 'Native Hawaiian or Other Pacific Islander'],
    ['2106-3', 'White'],
    ['2131-1', 'Other Race'],
  ],
  [declined(), unknown],
);

/** Ethnicity: the two OMB categories (CDC codes), plus declined and unknown. */
export const ETHNICITIES = vocabulary(
  'urn:oid:2.16.840.1.113883.6.238',
  [
    ['2135-2', 'Hispanic or Latino'],
    ['2186-5', 'Not Hispanic or Latino'],
  ],
  [declined(), unknown],
);

/**
 * Gender identity: the ONC 2015 Edition certification value set (SNOMED CT, with ONC's
 * displays), "additional category" and "choose not to disclose" as HL7 null flavours.
 */
export const GENDER_IDENTITIES = vocabulary(
  SNOMED,
  [
    ['446151000124109', 'Identifies as Male'],
    ['446141000124107', 'Identifies as Female'],
    ['407377005', 'Female-to-Male (FTM)/Transgender Male/Trans Man'],
    ['407376001', 'Male-to-Female (MTF)/Transgender Female/Trans Woman'],
    ['446131000124102', 'Genderqueer, neither exclusively male nor female'],
  ],
  [
    { code: 'OTH', display: 'Additional gender category or other, please specify', system: NULL_FLAVOR },
    declined('Choose not to disclose'),
  ],
);

/** Sexual orientation: the ONC 2015 Edition value set (SNOMED CT), with declined and don't know. */
export const SEXUAL_ORIENTATIONS = vocabulary(
  SNOMED,
  [
    ['38628009', 'Lesbian, gay or homosexual'],
    ['20430005', 'Straight or heterosexual'],
    ['42035005', 'Bisexual'],
  ],
  [
    { code: 'OTH', display: 'Something else, please describe', system: NULL_FLAVOR },
    { code: 'UNK', display: "Don't know", system: NULL_FLAVOR },
    declined('Choose not to disclose'),
  ],
);
