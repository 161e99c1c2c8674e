import type { ServiceFlags } from '../enums.ts';
import type { Address, Coding, ContactPoint } from '../people/types.ts';
import type { Reference, Resource } from '../resources/resource.ts';

/**
 * The shapes of a practice's set-up (issue 5): organizations and districts, programs, locations,
 * services, staff listings and groups. `display` is the name lists show (the Name sort orders
 * by it).
 */

export interface Organization extends Resource {
  resourceType: 'Organization';
  name: string;
  /** e.g. "Provider", "Payer" (insurance companies are organizations too). */
  kind?: 'Provider' | 'Payer' | 'Other';
  npi?: string;
  taxId?: string;
  telecom?: ContactPoint[];
  address?: Address;
  active?: boolean;
}

export interface District extends Resource {
  resourceType: 'District';
  name: string;
  organization?: Reference;
  active?: boolean;
}

export interface Program extends Resource {
  resourceType: 'Program';
  name: string;
  code?: string;
  description?: string;
  organization?: Reference;
  district?: Reference;
  active?: boolean;
}

export interface Location extends Resource {
  resourceType: 'Location';
  name: string;
  /** CMS place-of-service code (vocabularies `PLACES_OF_SERVICE`), e.g. 11 Office. */
  placeOfService: Coding;
  organization?: Reference;
  address?: Address;
  telecom?: ContactPoint[];
  active?: boolean;
}

export interface HealthcareService extends Resource {
  resourceType: 'HealthcareService';
  name: string;
  /** The billing code, e.g. CPT 90837. */
  code?: Coding;
  flags: (typeof ServiceFlags)[number][];
  /** Minutes per billing unit when the service RequireUnits. */
  unitMinutes?: number;
  programs?: Reference[];
  active?: boolean;
}

/** A named list of staff, used as departments and staff groups. */
export interface Listing extends Resource {
  resourceType: 'Listing';
  name: string;
  kind: 'Department' | 'Team' | 'Other';
  active?: boolean;
}

export interface Group extends Resource {
  resourceType: 'Group';
  name: string;
  members: { member: Reference }[];
  active?: boolean;
}

/**
 * A practice-defined role (docs/access.md): a list of catalogue grant sets, by name. Saving one
 * delegates those grant sets, so the server applies the delegation rules (`canDelegate`).
 */
export interface SecurityRole extends Resource {
  resourceType: 'SecurityRole';
  name: string;
  description?: string;
  /** Grant set names, e.g. "Read patients" ('GrantSet {name} is not defined.' for others). */
  grantSets: string[];
  active?: boolean;
}
