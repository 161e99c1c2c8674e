import { getResourceType, patientDisplay, practitionerDisplay, type Patient, type Practitioner } from '@caseload/core';
import type { ResourceRepository } from '../storage/resource-repository.ts';
import type { RepositoryContext } from '../storage/repository-context.ts';
import type { AuditNames, StoredAuditEvent } from './audit-csv-rows.ts';

const PRACTITIONER = getResourceType('Practitioner')!;
const PATIENT = getResourceType('Patient')!;

/**
 * The names of the staff and patients an export's events mention, read through the caller's
 * repository a page of events at a time (one query per type for the ids not seen yet), so the
 * caller's permissions and patient reach decide which names it gets, and each look-up is audited
 * as a query. It holds one entry per person, not per event.
 */
export class AuditNameBook implements AuditNames {
  private readonly people = new Map<string, string>();
  private readonly patients = new Map<string, { name: string; mrn?: string }>();
  private readonly asked = new Set<string>();

  constructor(
    private readonly repo: ResourceRepository,
    private readonly ctx: RepositoryContext,
  ) {}

  /** Reads the names of this page's people that no earlier page mentioned. */
  async learn(events: readonly StoredAuditEvent[]): Promise<void> {
    const staff = new Set<string>();
    const patients = new Set<string>();
    for (const e of events) {
      const who = e.agent?.who;
      if (who?.resourceType === 'Practitioner') staff.add(who.id);
      if (who?.resourceType === 'Patient') patients.add(who.id);
      if (e.patient?.id) patients.add(e.patient.id);
    }
    const practitioners = await this.read<Practitioner>('Practitioner', [...staff]);
    for (const p of practitioners) this.people.set(`Practitioner/${p.id}`, practitionerDisplay(p) || p.id);
    for (const p of await this.read<Patient>('Patient', [...patients])) {
      const name = patientDisplay(p) || p.id;
      this.patients.set(p.id, { name, mrn: p.mrn });
      this.people.set(`Patient/${p.id}`, name);
    }
  }

  person(who: { resourceType: string; id: string } | undefined): string | undefined {
    return who ? this.people.get(`${who.resourceType}/${who.id}`) : undefined;
  }

  patient(id: string | undefined): { name: string; mrn?: string } | undefined {
    return id ? this.patients.get(id) : undefined;
  }

  /** The resources of `ids` not asked for before, when the caller may read the type at all. */
  private async read<T>(typeName: 'Practitioner' | 'Patient', ids: string[]): Promise<T[]> {
    const type = typeName === 'Patient' ? PATIENT : PRACTITIONER;
    const fresh = ids.filter((id) => !this.asked.has(`${typeName}/${id}`));
    if (fresh.length === 0 || !this.ctx.access.allows('Read', type)) return [];
    for (const id of fresh) this.asked.add(`${typeName}/${id}`);
    const page = await this.repo.search(type, { filters: [{ field: 'id', op: 'in', value: fresh }], pageSize: fresh.length });
    return page.items as T[];
  }
}
