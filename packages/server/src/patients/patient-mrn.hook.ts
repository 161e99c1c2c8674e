import { invalidResource, mrnSchema, validateWithSchema, type Identifier, type Issue, type Patient } from '@caseload/core';
import type { Queryable } from '../db/database.ts';
import { drawMrn } from '../storage/patient-mrn-counter.ts';
import type { BeforeWrite, UniqueViolation } from '../storage/resource-hooks.ts';

/** The identifier type of the medical record number (HL7 v2 table 0203, vocabularies IDENTIFIER_TYPES). */
export const MRN_IDENTIFIER_TYPE = 'MR';
/** The identifier system of MRNs the practice assigns. */
export const MRN_SYSTEM = 'urn:caseload:mrn';
/** Assigned MRNs are the practice's counter, zero-padded to this many digits ("000042"). */
export const ASSIGNED_MRN_DIGITS = 6;

const refuse = (issues: Issue[]) => invalidResource('Patient', issues);

/**
 * Keeps `Patient.mrn` and the patient's one MR identifier in step, assigns an MRN when the patient
 * has none, and refuses an MRN another live patient of the practice holds (400 with an issue at
 * `mrn`, MRN_UNAVAILABLE: a form shows it by the field, where a 409 would read as a concurrent edit).
 *
 * - The `mrn` field and the MR identifier say the same thing. When only one is sent, the other is
 *   written from it; when both are sent and differ, the one the client changed wins.
 * - An MRN, once assigned, stays when a later write leaves both out.
 * - Uniqueness is the unique index `patient_mrn_live` (migration 6) over the MRNs of live
 *   patients: the write statement itself finds a taken MRN, and of two concurrent writers of the
 *   same MRN the second waits for the first and is refused if it commits. So a write that brings
 *   its MRN costs no statement here.
 */
export const keepMrn: BeforeWrite = async (tx, ctx, resource, previous) => {
  if (resource.meta.isDeleted) return;
  const patient = resource as Patient;
  const prior = previous as Patient | undefined;
  const identifiers: Identifier[] = Array.isArray(patient.identifiers) ? patient.identifiers : [];
  const mrIndexes = identifiers.flatMap((id, i) => (id?.type === MRN_IDENTIFIER_TYPE ? [i] : []));
  if (mrIndexes.length > 1) {
    throw refuse([{ path: 'identifiers', message: 'identifiers can have only one medical record number (MR).' }]);
  }
  const mrIndex = mrIndexes[0];
  const fromIdentifier = mrIndex === undefined ? undefined : identifiers[mrIndex]!.value;

  let mrn = typeof patient.mrn === 'string' ? patient.mrn : undefined;
  if (mrn === undefined) mrn = fromIdentifier;
  else if (fromIdentifier !== undefined && fromIdentifier !== mrn && prior?.mrn === mrn) mrn = fromIdentifier;
  if (mrn === undefined) mrn = prior?.mrn ?? (await assignMrn(tx, ctx.practiceId));

  if (mrIndex !== undefined && mrn === fromIdentifier && mrn !== patient.mrn) {
    // The identifier's value becomes the mrn field: it must be a valid MRN too.
    const issues = validateWithSchema(mrnSchema().label(`identifiers[${mrIndex}].value`), mrn, { strict: true });
    if (issues.length > 0) throw refuse(issues.map((i) => ({ ...i, path: `identifiers.${mrIndex}.value` })));
  }

  patient.mrn = mrn;
  const entry: Identifier = {
    ...(mrIndex === undefined ? { system: MRN_SYSTEM } : identifiers[mrIndex]),
    type: MRN_IDENTIFIER_TYPE,
    value: mrn,
  };
  patient.identifiers = mrIndex === undefined ? [...identifiers, entry] : identifiers.map((id, i) => (i === mrIndex ? entry : id));
};

/** The unique index over live patients' MRNs (migration 6); a write that breaks it is this 400. */
export const MRN_UNIQUE_INDEX = 'patient_mrn_live';

/**
 * The refusal of a taken MRN, the same whoever holds it and whoever asks: it says the number is
 * not free, which uniqueness cannot hide, but neither that a patient holds it nor whether that
 * patient is within the caller's reach (docs/validation.md).
 */
export const MRN_UNAVAILABLE = 'This MRN cannot be used. Leave it empty to have the next number assigned.';

/** What a write that breaks MRN_UNIQUE_INDEX answers. */
export const mrnTaken: UniqueViolation = () => refuse([{ path: 'mrn', message: MRN_UNAVAILABLE }]);

/**
 * The practice's next free MRN from its counter, one statement per number drawn. The counter row
 * stays locked until the transaction ends, so two creates never draw the same number; numbers a
 * client already used by hand are skipped.
 */
async function assignMrn(db: Queryable, practiceId: string): Promise<string> {
  for (;;) {
    const drawn = await drawMrn(db, practiceId, ASSIGNED_MRN_DIGITS);
    if (!drawn.taken) return drawn.candidate;
  }
}
