import type { Practitioner } from '../people/types.ts';
import type { Reference } from '../resources/resource.ts';
import { periodCovers } from './authorization-usage.ts';
import type { Encounter, Note, SignatureConfiguration } from './types.ts';

/** What a note needs before it is Final, from its signature configuration. */
export interface SignatureRequirements {
  /** The configuration that applied (none: only the author signs). */
  configuration?: SignatureConfiguration;
  author: boolean;
  /** Set when a supervisor must co-sign; `signers` empty means nobody is on record to do it. */
  coSign?: { signers: Reference[]; reason: string };
  patient?: 'Patient' | 'PatientOrRelatedPerson';
  /** True when the note's service type is excluded: only the author signs. */
  excluded: boolean;
}

export interface SignatureInput {
  note: Pick<Note, 'kind'>;
  encounter: Pick<Encounter, 'program' | 'serviceType' | 'services'>;
  author: Pick<Practitioner, 'display' | 'licences' | 'supervisors'> & { id: string };
  configurations: readonly SignatureConfiguration[];
  /** PracticePreferences.signatureServiceTypeExclusions: HealthcareService ids. */
  excludedServiceTypeIds: readonly string[];
  /** The session's local date (yyyy-MM-dd): licences and supervisions are checked on it. */
  date: string;
}

const listMatches = (list: { id: string }[] | undefined, ids: (string | undefined)[]) =>
  !list?.length || ids.some((id) => id !== undefined && list.some((r) => r.id === id));

/** How many criteria a configuration names: the most specific matching one wins. */
const specificity = (c: SignatureConfiguration) =>
  (c.noteKinds?.length ? 1 : 0) + (c.programs?.length ? 1 : 0) + (c.serviceTypes?.length ? 1 : 0);

/** The configuration governing a note: Active (or unset status), matching, most specific first. */
export function signatureConfigurationFor(input: Omit<SignatureInput, 'author' | 'excludedServiceTypeIds' | 'date'>) {
  const serviceIds = [input.encounter.serviceType?.id, ...(input.encounter.services ?? []).map((s) => s.serviceType?.id)];
  return [...input.configurations]
    .filter((c) => (c.status ?? 'Active') === 'Active' && !c.meta?.isDeleted)
    .filter((c) => !c.noteKinds?.length || c.noteKinds.includes(input.note.kind))
    .filter((c) => listMatches(c.programs, [input.encounter.program?.id]))
    .filter((c) => listMatches(c.serviceTypes, serviceIds))
    .sort((a, b) => specificity(b) - specificity(a))[0];
}

/** True when the practitioner holds a licence in force on the date. */
export function isLicensedOn(practitioner: Pick<Practitioner, 'licences'>, date: string): boolean {
  return (practitioner.licences ?? []).some((l) => periodCovers(l.period, date));
}

/** The practitioner's supervisors on the date. */
export function supervisorsOn(practitioner: Pick<Practitioner, 'supervisors'>, date: string): Reference[] {
  return (practitioner.supervisors ?? []).filter((s) => periodCovers(s.period, date)).map((s) => s.subject);
}

/**
 * Who must sign a note: the author; a supervisor when the configuration asks for one always or
 * for unlicensed authors (no licence in force on the session date); the patient or a related
 * person when configured. A service type on the configuration's or the practice's exclusion list
 * needs the author's signature only.
 */
export function signatureRequirements(input: SignatureInput): SignatureRequirements {
  const configuration = signatureConfigurationFor(input);
  if (!configuration) return { author: true, excluded: false };
  const serviceIds = [input.encounter.serviceType?.id, ...(input.encounter.services ?? []).map((s) => s.serviceType?.id)].filter(
    (id): id is string => id !== undefined,
  );
  const exclusions = new Set([...input.excludedServiceTypeIds, ...(configuration.serviceTypeExclusions ?? []).map((r) => r.id)]);
  const excluded = serviceIds.length > 0 && serviceIds.every((id) => exclusions.has(id));
  const result: SignatureRequirements = { configuration, author: configuration.authorSignature !== false, excluded };
  if (excluded) return result;
  const coSign = coSignRequirement(configuration, input.author, input.date);
  if (coSign) result.coSign = coSign;
  if (configuration.patientSignature !== 'None') result.patient = configuration.patientSignature;
  return result;
}

/**
 * Whether `author`'s signature under `configuration` owes a supervisor's co-signature on `date`
 * (yyyy-MM-dd): always, or for an author with no licence in force then. The one rule for notes
 * and care plans (docs/care-plans.md, "Co-signature").
 */
export function coSignRequirement(
  configuration: Pick<SignatureConfiguration, 'name' | 'supervisorCoSignature'>,
  author: Pick<Practitioner, 'display' | 'licences' | 'supervisors'>,
  date: string,
): SignatureRequirements['coSign'] {
  const mode = configuration.supervisorCoSignature;
  if (mode !== 'Always' && !(mode === 'UnlicensedAuthors' && !isLicensedOn(author, date))) return undefined;
  return {
    signers: supervisorsOn(author, date),
    // The configuration's name is whatever an administrator typed ("Supervisor co-signs every
    // note"), so the sentence quotes it rather than making it the subject.
    reason:
      mode === 'Always'
        ? `The signature configuration “${configuration.name}” requires a supervisor's co-signature.`
        : `${author.display ?? 'The author'} is not licensed on ${date}.`,
  };
}
