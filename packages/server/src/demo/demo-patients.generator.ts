import {
  ALLERGY_SUBSTANCES,
  CARE_TEAM_ROLES,
  DIAGNOSES,
  ETHNICITIES,
  GENDER_IDENTITIES,
  RACES,
  RELATIONSHIPS,
  SEXUAL_ORIENTATIONS,
  patientDisplay,
  relatedPersonDisplay,
  toCoding,
  type HumanName,
  type Patient,
  type Practitioner,
  type Resource,
} from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import { demoResource, refTo } from './demo-ids.ts';
import { DEMO_REFERENCE_DATE, day, fictionalPhone, usAddress } from './demo-faker.ts';
import type { DemoSetup } from './demo-setup.generator.ts';

/** What a patient's chart is generated from: the set-up and the clinicians who carry caseloads. */
export interface ChartContext {
  seed: number;
  setup: DemoSetup;
  clinicians: Practitioner[];
}

/** The patient's medical record number: unique in the practice, from its place in the population. */
export const demoMrn = (n: number) => `M${String(n).padStart(7, '0')}`;

const F_CODES = DIAGNOSES.concepts.filter((c) => c.code.startsWith('F')).map((c) => c.code);
const SUD_CODES = F_CODES.filter((c) => /^F1\d/.test(c));
/** The diagnoses outpatient behavioural health sees most, so the demo looks like a real caseload. */
const COMMON = ['F32.1', 'F33.1', 'F41.1', 'F43.10', 'F43.23', 'F90.2', 'F41.0', 'F31.81', 'F43.12', 'F34.1', 'F40.10', 'F42.2'].filter(
  (c) => F_CODES.includes(c),
);
const MEDICATIONS = [
  ['sertraline', '50 mg tablet daily'],
  ['fluoxetine', '20 mg capsule daily'],
  ['escitalopram', '10 mg tablet daily'],
  ['bupropion XL', '150 mg tablet every morning'],
  ['venlafaxine ER', '75 mg capsule daily'],
  ['aripiprazole', '5 mg tablet daily'],
  ['quetiapine', '100 mg tablet at bedtime'],
  ['lamotrigine', '100 mg tablet twice daily'],
  ['lithium carbonate', '300 mg capsule twice daily'],
  ['methylphenidate ER', '36 mg tablet every morning'],
  ['buprenorphine/naloxone', '8 mg/2 mg film daily'],
  ['naltrexone', '50 mg tablet daily'],
  ['trazodone', '50 mg tablet at bedtime'],
  ['hydroxyzine', '25 mg tablet as needed for anxiety'],
] as const;
const NICKNAMES: Record<string, string> = {
  William: 'Bill',
  Robert: 'Bob',
  Elizabeth: 'Liz',
  Katherine: 'Kate',
  Michael: 'Mike',
  Jennifer: 'Jen',
  James: 'Jim',
  Margaret: 'Maggie',
  Richard: 'Rick',
  Christopher: 'Chris',
  Alexander: 'Alex',
  Samantha: 'Sam',
};
const ALERTS = ['Fall risk', 'Safety plan on file', 'Interpreter needed', 'Prefers text reminders', 'Guardian must attend'];
const ADULT_CONTACTS = ['SPS', 'DOMPART', 'SIB', 'MTH', 'FTH', 'FRND', 'CHILD'];
const reference = new Date(DEMO_REFERENCE_DATE);

/**
 * The chart of patient number `n`: the Patient and its partitioned records (episodes of care in
 * programs with 1 to 3 diagnoses as Conditions, and some allergies, medications, coverage and
 * related persons). `faker` is re-seeded with [seed, n], so patient n is the same whatever was
 * generated before it: a population can be extended without changing who is already there.
 */
export function generateChart(faker: Faker, ctx: ChartContext, n: number): Resource[] {
  faker.seed([ctx.seed, n]);
  const make = (type: string, key: string, created: Date, fields: Record<string, unknown>) =>
    demoResource(ctx.seed, type, `${n}:${key}`, created.toISOString(), fields);
  const sex = faker.helpers.weightedArrayElement([
    { value: 'Female', weight: 52 },
    { value: 'Male', weight: 46 },
    { value: 'Other', weight: 1 },
    { value: 'Unknown', weight: 1 },
  ]) as Patient['administrativeSex'];
  const fakerSex = sex === 'Male' ? 'male' : sex === 'Female' ? 'female' : undefined;
  const minor = faker.datatype.boolean(0.18);
  const birth = faker.date.birthdate(minor ? { mode: 'age', min: 6, max: 17 } : { mode: 'age', min: 18, max: 84 });
  const given = faker.person.firstName(fakerSex);
  const family = faker.person.lastName();
  const names: HumanName[] = [{ given: faker.datatype.boolean(0.4) ? [given, faker.person.middleName(fakerSex)] : [given], family }];
  if (NICKNAMES[given] || faker.datatype.boolean(0.06))
    names.push({ use: 'Nickname', given: [NICKNAMES[given] ?? faker.person.firstName(fakerSex)], family });
  if (faker.datatype.boolean(0.05)) names.push({ use: 'Preferred', given: [faker.person.firstName()], family });
  const registered = faker.date.between({ from: '2019-03-01', to: reference });
  const mrn = demoMrn(n);
  const home = faker.datatype.boolean(0.9) ? ctx.setup.state : undefined;
  const careTeam = faker.helpers.arrayElements(ctx.clinicians, { min: 1, max: 3 }).map((c, i) => ({
    member: refTo(c),
    role: toCoding(
      CARE_TEAM_ROLES,
      i === 0 ? 'primary-clinician' : faker.helpers.arrayElement(['therapist', 'case-manager', 'prescriber', 'care-coordinator']),
    ),
    period: { start: day(registered) },
  }));
  const patient = make('Patient', 'patient', registered, {
    names,
    display: patientDisplay({ names }),
    birthDate: day(birth),
    administrativeSex: sex,
    genderIdentity: genderIdentity(faker, sex),
    ...(faker.datatype.boolean(0.7) && {
      sexualOrientation: toCoding(
        SEXUAL_ORIENTATIONS,
        faker.helpers.weightedArrayElement(
          weights(
            SEXUAL_ORIENTATIONS.concepts.map((c) => c.code),
            [8, 80, 6, 2, 2, 2],
          ),
        ),
      ),
    }),
    race: [
      toCoding(
        RACES,
        faker.helpers.weightedArrayElement(
          weights(
            RACES.concepts.map((c) => c.code),
            [2, 6, 13, 1, 60, 8, 5, 5],
          ),
        ),
      ),
    ],
    ethnicity: toCoding(
      ETHNICITIES,
      faker.helpers.weightedArrayElement(
        weights(
          ETHNICITIES.concepts.map((c) => c.code),
          [18, 74, 4, 4],
        ),
      ),
    ),
    mrn,
    identifiers: [{ system: 'urn:caseload:mrn', type: 'MR', value: mrn }],
    telecom: [
      { system: 'Phone', use: faker.helpers.arrayElement(['Mobile', 'Mobile', 'Home']), value: fictionalPhone(faker), rank: 1 },
      ...(faker.datatype.boolean(0.6)
        ? [
            {
              system: 'Email',
              use: 'Home',
              value: faker.internet.email({ firstName: given, lastName: family, provider: 'example.com' }).toLowerCase(),
            },
          ]
        : []),
    ],
    addresses: [usAddress(faker, home, 'Home')],
    careTeam,
    ...(faker.datatype.boolean(0.08) && { alerts: [faker.helpers.arrayElement(ALERTS)] }),
    active: true,
  }) as Patient;
  const partition = patient.id;
  const subject = { resourceType: 'Patient', id: partition, display: patient.display };
  const records: Resource[] = [patient];
  const author = careTeam[0]!.member;
  const episodes = faker.datatype.boolean(0.2) ? 2 : 1;
  for (let e = 0; e < episodes; e++) {
    const start = faker.date.between({ from: registered, to: reference });
    const program = minor ? ctx.setup.programs[2]! : faker.helpers.arrayElement(ctx.setup.programs.slice(0, 2));
    const finished = e === 0 && episodes === 2;
    const codes = faker.helpers.arrayElements(program.code === 'SUD' ? SUD_CODES : faker.datatype.boolean(0.75) ? COMMON : F_CODES, {
      min: 1,
      max: 3,
    });
    const conditions = codes.map((code, i) =>
      make('Condition', `e${e}c${i}`, start, {
        partition,
        patient: subject,
        code: toCoding(DIAGNOSES, code),
        display: toCoding(DIAGNOSES, code).display,
        verificationStatus: 'Confirmed',
        clinicalStatus: finished ? 'remission' : 'active',
        onsetDate: day(start),
        recordedDate: day(start),
        author,
      }),
    );
    records.push(...conditions);
    records.push(
      make('EpisodeOfCare', `e${e}`, start, {
        partition,
        patient: subject,
        display: program.name,
        status: finished ? 'finished' : 'active',
        period: { start: day(start), ...(finished && { end: day(faker.date.between({ from: start, to: reference })) }) },
        programs: [{ program: refTo(program), period: { start: day(start) } }],
        diagnoses: conditions.map((c, i) => ({ condition: refTo(c), rank: i + 1, role: i === 0 ? 'primary' : 'secondary' })),
        careManager: author,
      }),
    );
  }
  if (faker.datatype.boolean(0.2)) {
    for (const [i, substance] of faker.helpers.arrayElements(ALLERGY_SUBSTANCES.concepts, { min: 1, max: 2 }).entries()) {
      records.push(
        make('Allergy', `a${i}`, registered, {
          partition,
          patient: subject,
          substance: toCoding(ALLERGY_SUBSTANCES, substance.code),
          display: substance.display,
          reaction: faker.helpers.arrayElement(['Rash', 'Hives', 'Nausea', 'Swelling', 'Anaphylaxis']),
          severity: faker.helpers.arrayElement(['mild', 'moderate', 'severe']),
          status: 'active',
          recordedDate: day(registered),
          author,
        }),
      );
    }
  }
  if (faker.datatype.boolean(minor ? 0.2 : 0.45)) {
    for (const [i, [name, dosage]] of faker.helpers.arrayElements(MEDICATIONS, { min: 1, max: 2 }).entries()) {
      records.push(
        make('Medication', `m${i}`, registered, {
          partition,
          patient: subject,
          name,
          display: name,
          dosage,
          status: 'active',
          period: { start: day(registered) },
          prescriber: `Dr ${faker.person.lastName()}`,
          author,
        }),
      );
    }
  }
  if (faker.datatype.boolean(0.85)) {
    const payor = faker.helpers.arrayElement(ctx.setup.payers);
    records.push(
      make('Coverage', 'cov', registered, {
        partition,
        patient: subject,
        display: payor.name,
        payor: { reference: refTo(payor), name: payor.name },
        memberId: faker.string.alphanumeric({ length: 10, casing: 'upper' }),
        groupNumber: faker.string.numeric(6),
        order: 1,
        period: { start: day(registered) },
      }),
    );
  }
  if (minor || faker.datatype.boolean(0.3)) {
    const code = minor ? faker.helpers.arrayElement(['MTH', 'FTH', 'GUARD']) : faker.helpers.arrayElement(ADULT_CONTACTS);
    const contactNames = [{ given: [faker.person.firstName()], family: minor && code !== 'GUARD' ? family : faker.person.lastName() }];
    records.push(
      make('RelatedPerson', 'rp', registered, {
        partition,
        patient: subject,
        relationship: toCoding(RELATIONSHIPS, code),
        names: contactNames,
        display: relatedPersonDisplay({ names: contactNames }),
        telecom: [{ system: 'Phone', use: 'Mobile', value: fictionalPhone(faker) }],
        isGuardian: minor,
      }),
    );
  }
  return records;
}

/** Mostly cisgender identities matching the recorded sex, with the others represented. */
function genderIdentity(faker: Faker, sex: Patient['administrativeSex']) {
  const codes = GENDER_IDENTITIES.concepts.map((c) => c.code);
  const cis = sex === 'Male' ? codes[0]! : sex === 'Female' ? codes[1]! : faker.helpers.arrayElement(codes);
  const code = faker.datatype.boolean(0.95) ? cis : faker.helpers.arrayElement(codes.slice(2));
  return toCoding(GENDER_IDENTITIES, code);
}

/** Weighted choices over a vocabulary's codes (weights beyond the list are ignored, missing ones are 1). */
function weights(codes: string[], w: number[]): { value: string; weight: number }[] {
  return codes.map((value, i) => ({ value, weight: w[i] ?? 1 }));
}
