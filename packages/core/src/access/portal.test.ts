import { describe, expect, it } from 'vitest';
import { resourceSchemaFor } from '../people/resource-schemas.ts';
import { getResourceType } from '../resources/registry.ts';
import { getGrantSet } from './grant-sets.ts';
import { parsePermission } from './permissions.ts';
import { PORTAL_TYPES, portalAccess, portalCan, portalPermissions, type PortalSubject } from './portal.ts';

const subjects: PortalSubject[] = ['Patient', 'RelatedPerson'];

describe('portal types', () => {
  it.each(subjects)("%s: every type is patient-partitioned or explicitly the patient's own record", (subject) => {
    for (const a of PORTAL_TYPES[subject]) {
      const type = getResourceType(a.resourceType);
      expect(type?.scope, a.resourceType).toBe('practice');
      const partitioned: string[] = ['partition', 'self', 'shared', 'partition-except-unshared'];
      if (partitioned.includes(a.reach)) expect(type?.partitioned, a.resourceType).toBe(true);
      else expect(type?.partitioned, a.resourceType).toBe(false);
      if (a.reach === 'patient-record') expect(a.resourceType).toBe('Patient');
      if (a.reach === 'assigned' || a.reach === 'member' || a.reach === 'shared') expect(a.actions, a.resourceType).toEqual(['Read']);
      expect(a.actions, a.resourceType).not.toContain('Delete');
    }
  });

  it.each(subjects)('%s: lists each type once, with valid permissions', (subject) => {
    const types = PORTAL_TYPES[subject].map((a) => a.resourceType);
    expect(new Set(types).size).toBe(types.length);
    for (const p of portalPermissions(subject)) expect(parsePermission(p), p).toBeDefined();
  });

  it('lets a patient update only the contact details of their record', () => {
    expect(portalAccess('Patient', 'Patient')).toMatchObject({ reach: 'patient-record', updatableFields: ['telecom', 'addresses'] });
    expect(portalCan('Patient', 'Update', 'Patient')).toBe(true);
    expect(portalCan('RelatedPerson', 'Update', 'Patient')).toBe(false);
    expect(portalAccess('RelatedPerson', 'RelatedPerson')?.reach).toBe('self');
  });

  // A listed field the record does not have (`address` where the schema says `addresses`) would
  // refuse every edit of the field the record does have, and nothing else would notice.
  it.each(subjects)('%s: every updatable field is a field of its type', (subject) => {
    for (const a of PORTAL_TYPES[subject].filter((x) => x.updatableFields)) {
      // Types without a schema yet (Appointment) have nothing to check against.
      const schema = resourceSchemaFor(a.resourceType);
      if (!schema) continue;
      for (const field of a.updatableFields!) expect(Object.keys(schema.fields), `${a.resourceType}.${field}`).toContain(field);
    }
  });

  it('reaches what a portal needs and nothing clinical beyond it', () => {
    for (const [action, type] of [
      ['Read', 'Appointment'],
      ['Create', 'QuestionnaireResponse'],
      ['Update', 'PacketResponse'],
      ['Read', 'Form'],
      ['Create', 'ChatMessage'],
      ['Create', 'Consent'],
      ['Read', 'DocumentReference'],
      ['Update', 'PersonalPreferences'],
    ] as const) {
      expect(portalCan('Patient', action, type), `${action} ${type}`).toBe(true);
    }
    for (const type of ['Note', 'Encounter', 'NoteAudit', 'Medication', 'Condition', 'Practitioner', 'AuditEvent', 'SecurityToken']) {
      expect(portalAccess('Patient', type), type).toBeUndefined();
    }
  });

  it('backs the portal grant sets', () => {
    expect(getGrantSet('Patient portal self').permissions).toEqual(portalPermissions('Patient'));
    expect(getGrantSet('Related person portal').permissions).toEqual(portalPermissions('RelatedPerson'));
  });
});
