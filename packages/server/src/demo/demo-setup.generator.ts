import {
  PLACES_OF_SERVICE,
  toCoding,
  type District,
  type Group,
  type HealthcareService,
  type Listing,
  type Location,
  type Organization,
  type Program,
  type Resource,
} from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import { demoResource, refTo } from './demo-ids.ts';
import { fictionalPhone, usAddress } from './demo-faker.ts';

/** The practice's set-up: who it is, where it works, what it offers, how its staff are organised. */
export interface DemoSetup {
  state: string;
  /** The IANA time zone of the practice's state (its notes' dates and times). */
  timeZone: string;
  organization: Organization;
  payers: Organization[];
  districts: District[];
  programs: Program[];
  locations: Location[];
  services: HealthcareService[];
  departments: Listing[];
  staffGroup: Group;
}

const CPT = 'http://www.ama-assn.org/go/cpt';
const HCPCS = 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets';

/** Behavioural-health services with their billing codes and flags (CPT, and HCPCS H codes). */
const SERVICES: [system: string, code: string, name: string, flags: HealthcareService['flags'], unitMinutes?: number][] = [
  [CPT, '90791', 'Psychiatric diagnostic evaluation', ['Billable']],
  [CPT, '90792', 'Psychiatric diagnostic evaluation with medical services', ['Billable']],
  [CPT, '90832', 'Psychotherapy, 30 minutes', ['Billable']],
  [CPT, '90834', 'Psychotherapy, 45 minutes', ['Billable']],
  [CPT, '90837', 'Psychotherapy, 60 minutes', ['Billable']],
  [CPT, '90839', 'Psychotherapy for crisis, first 60 minutes', ['Billable']],
  [CPT, '90846', 'Family psychotherapy without the patient', ['Billable']],
  [CPT, '90847', 'Family psychotherapy with the patient', ['Billable']],
  [CPT, '90853', 'Group psychotherapy', ['Billable', 'SupportsGroups']],
  [CPT, '99214', 'Medication management visit', ['Billable']],
  [HCPCS, 'H0031', 'Mental health assessment by a non-physician', ['Billable', 'RequireUnits'], 15],
  [HCPCS, 'H0004', 'Behavioral health counseling and therapy', ['Billable', 'RequireUnits'], 15],
  [HCPCS, 'H2019', 'Therapeutic behavioral services', ['Billable', 'RequireUnits', 'SupportsGroups'], 15],
  [HCPCS, 'H2017', 'Psychosocial rehabilitation services', ['Billable', 'RequireUnits', 'SupportsGroups'], 15],
  [HCPCS, 'T1017', 'Targeted case management', ['Billable', 'RequireUnits'], 15],
  ['urn:caseload:service', 'COLLAT', 'Collateral contact (not billed)', []],
];

const PROGRAMS: [code: string, name: string, description: string][] = [
  ['OPMH', 'Outpatient Mental Health', 'Individual, family and group therapy for adults and children.'],
  ['SUD', 'Substance Use Recovery', 'Intensive outpatient and continuing care for substance use disorders.'],
  ['YFS', 'Youth and Family Services', 'School- and home-based services for children, teens and their families.'],
];

/** Five locations, one per common place of service. */
const LOCATIONS: [pos: string, name: (city: string) => string][] = [
  ['11', (city) => `${city} Main Office`],
  ['02', () => 'Telehealth'],
  ['10', () => "Telehealth (patient's home)"],
  ['12', () => 'Home visits'],
  ['03', (city) => `${city} School Partnership`],
];

/** The time zone of each state a demo practice may be in. */
const TIME_ZONES: Record<string, string> = {
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  CO: 'America/Denver',
  AZ: 'America/Phoenix',
  MN: 'America/Chicago',
  NC: 'America/New_York',
  PA: 'America/New_York',
  MI: 'America/Detroit',
};

const DEPARTMENTS = ['Clinical Services', 'Medical Services', 'Care Coordination', 'Administration', 'Quality and Compliance'];
const PAYERS = ['Blue Cross Blue Shield', 'Aetna', 'UnitedHealthcare', 'Cigna', 'State Medicaid', 'Medicare'];

/** When the practice was set up: years before the reference date, so records can be younger. */
const at = '2019-01-15T09:00:00.000Z';

/** Generates the set-up; `faker` must be freshly seeded for the same seed to give the same set-up. */
export function generateSetup(faker: Faker, seed: number): DemoSetup {
  const city = faker.location.city();
  const state = faker.helpers.arrayElement(['OR', 'WA', 'CO', 'MN', 'NC', 'PA', 'MI', 'AZ']);
  const make = <T extends Resource>(type: string, key: number | string, fields: Record<string, unknown>) =>
    demoResource(seed, type, key, at, fields) as unknown as T;
  const orgName = `${city} Behavioral Health`;
  const organization = make<Organization>('Organization', 'practice', {
    display: orgName,
    name: orgName,
    kind: 'Provider',
    npi: faker.string.numeric(10),
    taxId: `${faker.string.numeric(2)}-${faker.string.numeric(7)}`,
    telecom: [{ system: 'Phone', use: 'Work', value: fictionalPhone(faker) }],
    address: usAddress(faker, state, 'Work'),
    active: true,
  });
  const payers = PAYERS.map((name, i) =>
    make<Organization>('Organization', `payer-${i}`, { display: name, name, kind: 'Payer', active: true }),
  );
  const districts = [`${city} County`, `${faker.location.county()}`].map((name, i) =>
    make<District>('District', i, { display: name, name, organization: refTo(organization), active: true }),
  );
  const programs = PROGRAMS.map(([code, name, description], i) =>
    make<Program>('Program', code, {
      display: name,
      name,
      code,
      description,
      organization: refTo(organization),
      district: refTo(districts[i % districts.length]!),
      active: true,
    }),
  );
  const locations = LOCATIONS.map(([pos, name]) => {
    const label = name(city);
    const physical = pos === '11' || pos === '03';
    return make<Location>('Location', pos, {
      display: label,
      name: label,
      placeOfService: toCoding(PLACES_OF_SERVICE, pos),
      organization: refTo(organization),
      ...(physical && {
        address: usAddress(faker, state, 'Work'),
        telecom: [{ system: 'Phone', use: 'Work', value: fictionalPhone(faker) }],
      }),
      active: true,
    });
  });
  const services = SERVICES.map(([system, code, name, flags, unitMinutes]) =>
    make<HealthcareService>('HealthcareService', code, {
      display: name,
      name,
      code: { system, code, display: name },
      flags,
      ...(unitMinutes !== undefined && { unitMinutes }),
      programs: programs.filter((p) => code !== '99214' || p.code !== 'YFS').map(refTo),
      active: true,
    }),
  );
  const departments = DEPARTMENTS.map((name, i) => make<Listing>('Listing', i, { display: name, name, kind: 'Department', active: true }));
  const staffGroup = make<Group>('Group', 'clinical-team', { display: 'Clinical team', name: 'Clinical team', members: [], active: true });
  return { state, timeZone: TIME_ZONES[state]!, organization, payers, districts, programs, locations, services, departments, staffGroup };
}
