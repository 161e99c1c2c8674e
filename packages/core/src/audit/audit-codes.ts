/**
 * DICOM audit event ids (DCM 110100 and up) that Caseload records, with the subtypes it uses.
 * Every AuditEvent carries one `type`, and `subtype` for sign-in and sign-out.
 */
export const AUDIT_EVENT_TYPES = {
  applicationActivity: { code: '110100', display: 'Application Activity' },
  auditLogUsed: { code: '110101', display: 'Audit Log Used' },
  export: { code: '110106', display: 'Export' },
  import: { code: '110107', display: 'Import' },
  patientRecord: { code: '110110', display: 'Patient Record' },
  query: { code: '110112', display: 'Query' },
  securityAlert: { code: '110113', display: 'Security Alert' },
  userAuthentication: { code: '110114', display: 'User Authentication' },
} as const;

export const AUDIT_EVENT_SUBTYPES = {
  login: { code: '110122', display: 'Login' },
  logout: { code: '110123', display: 'Logout' },
} as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[keyof typeof AUDIT_EVENT_TYPES];

/** C create, R read, U update, D delete, E execute (sign-in, query, export, import). */
export type AuditAction = 'C' | 'R' | 'U' | 'D' | 'E';
export type AuditOutcome = 'Success' | 'Failure';

/** The AuditEvent resource body (practice-scoped, append-only, never changed through the API). */
export interface AuditEventBody {
  resourceType: 'AuditEvent';
  type: AuditEventType;
  subtype?: (typeof AUDIT_EVENT_SUBTYPES)[keyof typeof AUDIT_EVENT_SUBTYPES];
  action: AuditAction;
  outcome: AuditOutcome;
  /** Why it failed or what it was about, in words; never patient content. */
  description?: string;
  recorded: string;
  agent: { who?: { resourceType: string; id: string }; accountId?: string; address?: string; userAgent?: string };
  entity?: { resourceType: string; id?: string; versionId?: string; query?: string };
  patient?: { resourceType: 'Patient'; id: string };
  requestId?: string;
}
