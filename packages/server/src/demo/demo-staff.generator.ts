import { LICENCE_TYPES, PRACTICE_ROLES, practitionerDisplay, toCoding, type Group, type Licence, type Practitioner } from '@caseload/core';
import type { Faker } from '@faker-js/faker';
import { demoResource, refTo } from './demo-ids.ts';
import { day, fictionalPhone } from './demo-faker.ts';
import type { DemoSetup } from './demo-setup.generator.ts';

export const DEMO_STAFF_COUNT = 25;

/** A staff member: the Practitioner, the practice role its sign-in holds, and whether it signs in. */
export interface DemoStaffMember {
  practitioner: Practitioner;
  role: string;
  /** The demo sign-in of its role (one per role); the others have no account. */
  signIn: boolean;
  clinician: boolean;
}

/** Every practice role a staff member can hold: all but the patient portal's. */
export const STAFF_ROLES = PRACTICE_ROLES.map((r) => r.name).filter((name) => name !== 'Patient');

/** Roles that see patients, with the credentials and licences that go with them. */
const CLINICAL: Record<string, { credentials: string[]; department: number }> = {
  Practitioner: { credentials: ['LPC', 'LMFT', 'LCSW'], department: 0 },
  'Non-Prescribing Clinician': { credentials: ['LCSW', 'LPC', 'PhD', 'PsyD', 'LMFT', 'LADC'], department: 0 },
  'Prescribing Clinician': { credentials: ['MD', 'PMHNP', 'DO'], department: 1 },
  Supervisor: { credentials: ['LICSW', 'PhD', 'LPCC'], department: 0 },
  'Case Management': { credentials: ['CCM', 'BSW'], department: 2 },
};
const OTHER_DEPARTMENT: Record<string, number> = { 'Quality Assurance': 4, Administrative: 3, Support: 3, Services: 3 };
/** After one staff member per role, the rest of the 25 are the clinicians a practice mostly employs. */
const EXTRA_ROLES = [
  'Non-Prescribing Clinician',
  'Non-Prescribing Clinician',
  'Practitioner',
  'Prescribing Clinician',
  'Supervisor',
  'Case Management',
];

const LICENCE_CODES = new Set(LICENCE_TYPES.concepts.map((c) => c.code));

/**
 * 25 staff across the named practice roles: one per role (their demo sign-ins) and more
 * clinicians. Clinicians get licences in the practice's state, a supervisor (a Supervisor other
 * than themselves), an employment in a department, programs and the clinical-team group.
 */
export function generateStaff(faker: Faker, seed: number, setup: DemoSetup): { staff: DemoStaffMember[]; staffGroup: Group } {
  const roles = [...STAFF_ROLES];
  for (let i = 0; roles.length < DEMO_STAFF_COUNT; i++) roles.push(EXTRA_ROLES[i % EXTRA_ROLES.length]!);
  const staff = roles.map((role, i): DemoStaffMember => {
    const clinical = CLINICAL[role];
    const sex = faker.person.sexType();
    const given = faker.person.firstName(sex);
    const family = faker.person.lastName();
    const credentials = clinical ? faker.helpers.arrayElement(clinical.credentials) : undefined;
    const hired = faker.date.between({ from: '2019-02-01', to: '2025-06-30' });
    const names = [{ given: [given], family }];
    const email = `${given}.${family}`.toLowerCase().replace(/[^a-z.]/g, '');
    const licences: Licence[] =
      credentials && LICENCE_CODES.has(credentials)
        ? [
            {
              type: toCoding(LICENCE_TYPES, credentials),
              number: `${credentials}-${faker.string.numeric(6)}`,
              state: setup.state,
              period: { start: day(hired), end: `${2027 + (i % 3)}-06-30` },
            },
          ]
        : [];
    const department = setup.departments[clinical?.department ?? OTHER_DEPARTMENT[role] ?? 3]!;
    const practitioner = demoResource(seed, 'Practitioner', i, hired.toISOString(), {
      display: practitionerDisplay({ names, credentials }),
      names,
      ...(credentials && { credentials }),
      email: `${email}@demo.caseload.local`,
      workEmail: `${email}@${setup.organization.name.toLowerCase().replace(/[^a-z]+/g, '')}.example.org`,
      telecom: [{ system: 'Phone' as const, use: 'Work' as const, value: fictionalPhone(faker) }],
      npi: clinical ? faker.string.numeric(10) : undefined,
      licences,
      employments: [
        {
          department: refTo(department),
          title: clinical ? role.replace('Practitioner', 'Therapist') : role,
          period: { start: day(hired) },
        },
      ],
      programs: clinical ? faker.helpers.arrayElements(setup.programs, { min: 1, max: 2 }).map(refTo) : [],
      groupMemberships: clinical ? [{ listing: refTo(setup.staffGroup) }] : [],
      active: true,
    }) as unknown as Practitioner;
    if (!practitioner.npi) delete practitioner.npi;
    return { practitioner, role, signIn: i < STAFF_ROLES.length, clinician: clinical !== undefined };
  });
  const supervisors = staff.filter((s) => s.role === 'Supervisor');
  // The Supervisor sign-in supervises the other clinicians with a sign-in and every unlicensed one,
  // so the notes that need a co-signature land in a queue someone can open (docs/demo.md).
  const demoSupervisor = supervisors.find((s) => s.signIn);
  for (const member of staff.filter((s) => s.clinician)) {
    const others = supervisors.filter((s) => s !== member);
    if (others.length === 0) continue;
    const picked = faker.helpers.arrayElement(others);
    const supervised = demoSupervisor && member !== demoSupervisor && (member.signIn || member.practitioner.licences?.length === 0);
    member.practitioner.supervisors = [{ subject: refTo(supervised ? demoSupervisor.practitioner : picked.practitioner) }];
  }
  const staffGroup: Group = {
    ...setup.staffGroup,
    members: staff.filter((s) => s.clinician).map((s) => ({ member: refTo(s.practitioner) })),
  };
  return { staff, staffGroup };
}
