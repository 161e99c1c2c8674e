/**
 * Associate (internal staff) categories and which of them have external or internal access
 * (SPEC.md section 6). External access: may enter customer practice networks, so only these may
 * hold ViewAllPractices. Internal access: may use the internal tools, so only these may hold the
 * internal flags (database provisioning, pre-associations).
 */
export const STAFF_CATEGORIES = [
  'administrator',
  'developer',
  'executive',
  'implementation',
  'marketing',
  'product',
  'qualityassurance',
  'support',
  'sysadmin',
  'user',
] as const;

/** One associate staff category. */
export type StaffCategory = (typeof STAFF_CATEGORIES)[number];

/** Categories that may enter customer practices. */
export const EXTERNAL_ACCESS_CATEGORIES: readonly StaffCategory[] = ['administrator', 'implementation', 'support', 'sysadmin'];

/** Categories that may use the internal tools. */
export const INTERNAL_ACCESS_CATEGORIES: readonly StaffCategory[] = [
  'administrator',
  'developer',
  'implementation',
  'product',
  'qualityassurance',
  'support',
  'sysadmin',
];

/** Whether a staff category has external access, internal access, both or neither. */
export function staffAccess(category: StaffCategory): { external: boolean; internal: boolean } {
  return {
    external: EXTERNAL_ACCESS_CATEGORIES.includes(category),
    internal: INTERNAL_ACCESS_CATEGORIES.includes(category),
  };
}
