import type { Role } from './roles.ts';

/** What every associate holds. */
const BASE = ['Read announcements', 'Personal settings'];

/** The associate (internal staff) roles of SPEC.md section 6, with their default grant sets. */
export const ASSOCIATE_ROLES: readonly Role[] = [
  {
    name: 'SysAdmin',
    kind: 'associate',
    staffCategory: 'sysadmin',
    description: 'Runs the platform: every practice, database provisioning, key vaults, global content.',
    grantSets: [
      ...BASE, 'Full permissions', 'View all practices', 'Manage databases', 'Push preassociations',
      'Manage announcements', 'Manage global templates',
    ],
  },
  {
    name: 'Administrator',
    kind: 'associate',
    staffCategory: 'administrator',
    description: 'Administers customer practices on their behalf; no database provisioning.',
    grantSets: [
      ...BASE, 'Full permissions', 'View all practices', 'Push preassociations', 'Manage announcements',
      'Manage global templates',
    ],
  },
  {
    name: 'Implementation',
    kind: 'associate',
    staffCategory: 'implementation',
    description: 'Sets practices up: structure, preferences, note configuration, forms, users and roles; no charts.',
    grantSets: [
      ...BASE, 'View all practices', 'Push preassociations', 'Manage global templates', 'Read practitioners',
      'Read practice preferences', 'Manage practice preferences', 'Manage programs', 'Manage locations',
      'Manage services', 'Manage note configuration', 'Manage itineraries', 'Manage forms', 'Manage packets',
      'Manage scripts', 'Manage users', 'Invite users', 'Manage roles', 'Assign roles', 'View permissions',
      'Import CDA',
    ],
  },
  {
    name: 'Support',
    kind: 'associate',
    staffCategory: 'support',
    description: 'Helps customers: sees users, roles, preferences and the audit log; resends invites; no charts.',
    grantSets: [
      ...BASE, 'View all practices', 'Read practitioners', 'Read practice preferences', 'View permissions',
      'Invite users', 'View audit log',
    ],
  },
  {
    name: 'Developer',
    kind: 'associate',
    staffCategory: 'developer',
    description: 'Builds the product; internal tools and global templates, no customer practices.',
    grantSets: [...BASE, 'Manage global templates'],
  },
  {
    name: 'Product',
    kind: 'associate',
    staffCategory: 'product',
    description: 'Shapes the product; publishes announcements and global templates, no customer practices.',
    grantSets: [...BASE, 'Manage announcements', 'Manage global templates'],
  },
  {
    name: 'Marketing',
    kind: 'associate',
    staffCategory: 'marketing',
    description: 'Publishes product announcements; nothing clinical, no customer practices.',
    grantSets: [...BASE, 'Manage announcements'],
  },
  {
    name: 'User',
    kind: 'associate',
    staffCategory: 'user',
    description: 'Any other associate: reads announcements only.',
    grantSets: BASE,
  },
];
