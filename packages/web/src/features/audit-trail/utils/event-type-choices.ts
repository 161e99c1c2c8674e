import { AUDIT_EVENT_TYPES } from '@caseload/core';

const T = AUDIT_EVENT_TYPES;

/** The event-type filter's choices, each a DICOM type named by what it covers. */
export const EVENT_TYPE_CHOICES: readonly { value: string; label: string }[] = [
  { value: T.patientRecord.code, label: 'Record access and changes' },
  { value: T.query.code, label: 'Searches' },
  { value: T.userAuthentication.code, label: 'Sign-ins and sign-outs' },
  { value: T.securityAlert.code, label: 'Security alerts and refusals' },
  { value: T.export.code, label: 'Exports and printouts' },
  { value: T.import.code, label: 'Imports' },
  { value: T.auditLogUsed.code, label: 'Audit trail use' },
  { value: T.applicationActivity.code, label: 'Application activity' },
];

export const OUTCOME_CHOICES: readonly { value: 'Success' | 'Failure'; label: string }[] = [
  { value: 'Success', label: 'Succeeded' },
  { value: 'Failure', label: 'Failed or refused' },
];
