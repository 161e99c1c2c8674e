import { Faker, base, en, en_US } from '@faker-js/faker';
import type { Address } from '@caseload/core';
import { US_STATES } from '@caseload/core';

/** Every generated date is relative to this day, so a seed gives the same practice on any day. */
export const DEMO_REFERENCE_DATE = '2026-11-01T09:00:00.000Z';

/** A faker of US English data, seeded with `seed` (a number, or a list: seed and record number). */
export function seededFaker(seed: number | number[]): Faker {
  const faker = new Faker({ locale: [en_US, en, base] });
  faker.seed(seed);
  faker.setDefaultRefDate(DEMO_REFERENCE_DATE);
  return faker;
}

/** The 50 states and DC (addresses of a US practice's patients rarely lie in territories). */
const STATES = US_STATES.concepts.filter((s) => s.kind === 'state' || s.kind === 'district').map((s) => s.code);

/** A US address in `state` (or a random state), its ZIP with or without the +4. */
export function usAddress(faker: Faker, state?: string, use?: Address['use']): Address {
  const code = state ?? faker.helpers.arrayElement(STATES);
  return {
    ...(use && { use }),
    line: [faker.location.streetAddress(), ...(faker.datatype.boolean(0.15) ? [faker.location.secondaryAddress()] : [])],
    city: faker.location.city(),
    state: code,
    postalCode: faker.location.zipCode({ state: code, format: '#####' }),
    country: 'US',
  };
}

/** A US phone number as "(555) 555-0123": 555-01xx numbers are reserved for fiction. */
export function fictionalPhone(faker: Faker): string {
  return `(${faker.number.int({ min: 201, max: 989 })}) 555-01${faker.string.numeric(2)}`;
}

/** yyyy-MM-dd of a date. */
export const day = (d: Date) => d.toISOString().slice(0, 10);
